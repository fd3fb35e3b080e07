import { projectVitestConfig } from '../../tools/vite/project-vitest-config.ts';

export default projectVitestConfig(import.meta.dirname, {
  environment: 'jsdom',
  setupFiles: ['src/testing/setup.ts'],
  // The registration forms and the add-account dialog are filled in whole, key by key, as a person does: on two
  // busy cores that takes longer than the default ten seconds.
  testTimeout: 30_000,
});
