import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { portalServer } from './portal-server';

beforeAll(() => portalServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  portalServer.resetHandlers();
});
afterAll(() => portalServer.close());
