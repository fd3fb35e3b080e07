import { z } from 'zod';
import { optionalText } from './env';

/**
 * `REDIS_URL` (`redis://[:password@]host:port[/db]`, or `rediss://` over TLS): what every instance counts
 * its rate limits in, so a client gets the same numbers however many instances serve it. Unset, each
 * instance counts in its own memory, which is right for one instance only (docs/runbook.md).
 */
export const redisEnvShape = {
  REDIS_URL: optionalText.pipe(
    z
      .string()
      .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
      .refine((value) => URL.canParse(value), 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
};

type RedisEnv = z.infer<z.ZodObject<typeof redisEnvShape>>;

export interface RedisConfig {
  url: string;
}

export function redisConfigFrom(values: RedisEnv): RedisConfig | undefined {
  return values.REDIS_URL === undefined ? undefined : { url: values.REDIS_URL };
}
