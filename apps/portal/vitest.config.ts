import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vitest/config';
import { projectVitestConfig } from '../../tools/vite/project-vitest-config.ts';

export default mergeConfig(
  projectVitestConfig(import.meta.dirname, { environment: 'jsdom', setupFiles: ['src/testing/setup.ts'] }),
  { plugins: [react()] },
);
