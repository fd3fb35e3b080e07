import { projectVitestConfig } from '../../tools/vite/project-vitest-config.ts';

export default projectVitestConfig(import.meta.dirname, {
  environment: 'jsdom',
  setupFiles: ['src/testing/setup.ts'],
  // The creation form is filled in whole, key by key and suggestion by suggestion, as a person does: on two
  // busy cores that takes longer than the default ten seconds.
  testTimeout: 30_000,
});
