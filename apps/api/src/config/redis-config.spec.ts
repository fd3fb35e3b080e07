import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';
import { realDeploymentEnv } from './testing/test-config';

describe('REDIS_URL', () => {
  it('is optional: unset (or empty), the limits count in memory', () => {
    expect(loadConfig({ ...realDeploymentEnv() }).redis).toBeUndefined();
    expect(loadConfig({ ...realDeploymentEnv(), REDIS_URL: ' ' }).redis).toBeUndefined();
  });

  it.each(['redis://127.0.0.1:6379', 'redis://:secret@redis.internal:6380/2', 'rediss://cache.example:6380'])(
    'takes %s',
    (url) => {
      expect(loadConfig({ ...realDeploymentEnv(), REDIS_URL: url }).redis).toEqual({ url });
    },
  );

  it.each(['http://127.0.0.1:6379', '127.0.0.1:6379', 'redis://', 'redis://a b'])(
    'refuses %s, named with every other bad variable in one pass',
    (url) => {
      let problems: string[] = [];
      try {
        loadConfig({ ...realDeploymentEnv(), REDIS_URL: url, PORT: 'eighty' });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        problems = (error as ConfigError).problems;
      }
      expect(problems).toContain('REDIS_URL: must be a redis:// or rediss:// URL');
      expect(problems.some((problem) => problem.startsWith('PORT:'))).toBe(true);
    },
  );
});
