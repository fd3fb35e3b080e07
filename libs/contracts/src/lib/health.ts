import { z } from 'zod';

/** `GET /api/health`: the process is up. It checks nothing else, so load balancers can poll it cheaply. */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  uptimeSeconds: z.number().nonnegative(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
