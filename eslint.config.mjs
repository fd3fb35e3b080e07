// One ESLint config for the whole workspace. Lint is syntax-level (no type information) so that
// per-project runs stay fast on two cores; `tsc` in each project's typecheck target covers types.
import nx from '@nx/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

/**
 * Architecture §3. Two tags per project: `scope:` (portal, server, shared) and `type:`.
 * `role:session` marks auth-session: the one feature the other features may read.
 * `type:sandbox` marks the twins of outside services (libs/sandbox/*): only an app (the api; the portal is kept
 * out by its scope) and the other twins may import one, so nothing the portal or a shared lib ships can reach a twin.
 * `type:fixtures` marks the sandbox's demo data (libs/sandbox-fixtures): the twins, the apps, the e2e journeys,
 * the API client (its dev-server fallback) and features' specs read it; the shared utils (contracts, validation)
 * and the UI kit never do, so no contract depends on demo data.
 */
export const moduleBoundaryConstraints = [
  { sourceTag: 'scope:portal', onlyDependOnLibsWithTags: ['scope:portal', 'scope:shared'] },
  { sourceTag: 'scope:server', onlyDependOnLibsWithTags: ['scope:server', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  {
    sourceTag: 'type:app',
    onlyDependOnLibsWithTags: [
      'type:feature',
      'type:ui',
      'type:data-access',
      'type:util',
      'type:sandbox',
      'type:fixtures',
    ],
  },
  {
    sourceTag: 'type:feature',
    onlyDependOnLibsWithTags: ['type:ui', 'type:data-access', 'type:util', 'type:fixtures', 'role:session'],
  },
  { sourceTag: 'type:data-access', onlyDependOnLibsWithTags: ['type:util', 'type:fixtures'] },
  { sourceTag: 'type:ui', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:util', onlyDependOnLibsWithTags: ['type:util'] },
  { sourceTag: 'type:e2e', onlyDependOnLibsWithTags: ['type:util', 'type:fixtures'] },
  { sourceTag: 'type:sandbox', onlyDependOnLibsWithTags: ['type:sandbox', 'type:util', 'type:fixtures'] },
  { sourceTag: 'type:fixtures', onlyDependOnLibsWithTags: ['type:util'] },
];

export default [
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/coverage',
      '**/storybook-static',
      '**/var',
      '**/.nx',
      '**/test-results',
      '**/playwright-report',
      '**/vite.config.*.timestamp*',
      '**/vitest.config.*.timestamp*',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          banTransitiveDependencies: false,
          allow: ['^.*/eslint(\\.base)?\\.config\\.[cm]?js$'],
          depConstraints: moduleBoundaryConstraints,
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // The portal test kit (`@fed/auth-session/testing`, ADR 0013) is for specs and testing helpers only: what
    // production code imports ships, and the kit brings msw, Testing Library and vitest.
    files: ['apps/portal/src/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['**/*.spec.{ts,tsx}', '**/testing/**', '**/*.stories.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@fed/auth-session/testing', message: 'The portal test kit is for specs only.' }] },
      ],
    },
  },
  {
    // Business code takes the time from a Clock (@fed/calendar), so that its behaviour does not depend on the day it
    // runs; tools/lint/clock-reads.spec.ts reads the same files for the same reads.
    files: ['apps/**/*.{ts,tsx,mjs}', 'libs/**/*.{ts,tsx,mjs}'],
    ignores: [
      'apps/portal-e2e/**',
      '**/*.spec.{ts,tsx}',
      '**/testing/**',
      '**/*.stories.{ts,tsx}',
      '**/.storybook/**',
      '**/*.config.*',
      'libs/calendar/src/lib/clock.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'Take the time from a Clock (@fed/calendar), not from new Date().',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Take the time from a Clock (@fed/calendar), not from Date().',
        },
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message: 'Take the time from a Clock (@fed/calendar), not from Date.now.',
        },
      ],
    },
  },
  {
    // Hooks live in .ts files too (use-countdown.ts); the server has no React.
    files: ['apps/portal/**/*.{ts,tsx}', 'libs/**/*.{ts,tsx}'],
    ignores: ['libs/sandbox/**', 'libs/contracts/**', 'libs/validation/**'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Build and test configuration is workspace tooling, not a project's source: it may import tools/.
    files: [
      '**/vite.config.ts',
      '**/vitest.config.ts',
      '**/playwright.config.ts',
      'apps/portal-e2e/engines.config.ts',
      '**/.storybook/*.ts',
    ],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    // Scripts and benchmarks print their figures on purpose.
    files: ['tools/**/*', '**/*.config.*', 'apps/portal-e2e/**/*'],
    rules: { 'no-console': 'off' },
  },
  prettier,
];
