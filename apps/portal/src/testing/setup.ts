import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { portalServer } from './portal-server';

// The app's tests render whole routes: a page's lazy chunk is transformed and imported on its first use, which on
// a busy two-core machine takes longer than the library's one second, so a wait would fail a page that is right.
configure({ asyncUtilTimeout: 5000 });

// jsdom lays nothing out and cannot scroll; the router scrolls a new page to its top (a test spies on it). The
// server's specs run without a window.
if (typeof window !== 'undefined') window.scrollTo = () => undefined;

beforeAll(() => portalServer.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  portalServer.resetHandlers();
});
afterAll(() => portalServer.close());
