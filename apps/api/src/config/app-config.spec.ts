import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  it('defaults to port 3000 in production', () => {
    const config = loadConfig({ PORTAL_DIST_DIR: '/srv/portal' });
    expect(config).toMatchObject({ port: 3000, nodeEnv: 'production', portalDistDir: '/srv/portal' });
  });

  it('names every bad variable', () => {
    try {
      loadConfig({ PORT: 'eighty', NODE_ENV: 'staging' });
      expect.unreachable('loadConfig accepted a bad environment');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toContain('PORT');
      expect(message).toContain('NODE_ENV');
    }
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });
});
