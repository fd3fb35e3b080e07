import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from './free-port';

// Linux hands out ports from here up for `listen(0)` and for the local end of outgoing connections.
const ephemeralLow = 32_768;

describe('freePort', () => {
  it('gives ports below the ephemeral range that an app can then listen on', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    const server = createServer();
    await new Promise<void>((done) => server.listen(ports[0], '127.0.0.1', done));
    server.close();
  });
});
