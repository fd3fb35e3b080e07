import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { clientLog } from './platform-handlers';

/**
 * The network of a spec file: msw with `handlers` (and the client log accepted) listening for the file's
 * tests, every request nobody answers an error, and what a test added with `server.use(...)` gone after it.
 */
export function setupPortalServer(...handlers: RequestHandler[]) {
  const server = setupServer(clientLog, ...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
