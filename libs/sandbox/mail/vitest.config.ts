import { projectVitestConfig } from '../../../tools/vite/project-vitest-config.ts';

export default projectVitestConfig(import.meta.dirname, {
  environment: 'node',
  nest: true,
  testTimeout: 30_000,
});
