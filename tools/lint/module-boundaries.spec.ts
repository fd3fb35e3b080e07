import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { moduleBoundaryConstraints } from '../../eslint.config.mjs';
import { workspaceRoot } from '../vite/shared.ts';

const eslint = new ESLint({ cwd: workspaceRoot });

/**
 * The workspace's rule with the `type:` constraints alone. A portal lib importing a twin is already stopped by the
 * scopes; linting without them shows the type rule would stop it too (and stops a server lib that is no app).
 */
const typeRulesOnly = new ESLint({
  cwd: workspaceRoot,
  overrideConfig: {
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          banTransitiveDependencies: false,
          depConstraints: moduleBoundaryConstraints.filter(({ sourceTag }) => sourceTag.startsWith('type:')),
        },
      ],
    },
  },
});

/** Lints a one-line import as if it were written in `file`, returning the boundary rule's messages. */
async function boundaryErrors(file: string, importedLibrary: string, linter = eslint): Promise<string[]> {
  const source = `import * as imported from '${importedLibrary}';\nexport const used = imported;\n`;
  const [result] = await linter.lintText(source, { filePath: resolve(workspaceRoot, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === '@nx/enforce-module-boundaries')
    .map((message) => message.message);
}

describe('module boundaries (architecture §3)', () => {
  // The rule reads Nx's cached project graph and silently allows everything when there is none
  // (a fresh clone linted by plain `eslint`). `nx lint` builds the graph first; so does this test.
  beforeAll(async () => {
    const graph = await createProjectGraphAsync({ exitOnError: true });
    expect(Object.keys(graph.nodes)).toEqual(
      expect.arrayContaining(['portal', 'api', 'competitions', 'ui-kit']),
    );
  });

  it.each([
    ['a feature importing another feature', 'libs/competitions/src/pages/x.ts', '@fed/applications'],
    [
      'a feature importing another feature (profile → photo-video)',
      'libs/profile/src/x.ts',
      '@fed/photo-video',
    ],
    ['the portal importing server code', 'apps/portal/src/app/x.ts', '@fed/sandbox-mount'],
    ['a portal library importing a twin', 'libs/competitions/src/x.ts', '@fed/sandbox-elma'],
    ['a shared library importing a twin', 'libs/contracts/src/x.ts', '@fed/sandbox-sms'],
    ['a twin importing portal code', 'libs/sandbox/sms/src/x.ts', '@fed/api-client'],
    ['the server importing portal code', 'apps/api/src/x.ts', '@fed/ui-kit'],
    ['the UI kit importing a feature', 'libs/ui-kit/src/x.ts', '@fed/auth-session'],
    ['the UI kit importing data access', 'libs/ui-kit/src/x.ts', '@fed/api-client'],
    ['shared contracts importing data access', 'libs/contracts/src/x.ts', '@fed/api-client'],
    ['data access importing a feature', 'libs/api-client/src/x.ts', '@fed/competitions'],
    ['a shared util importing the UI kit', 'libs/validation/src/x.ts', '@fed/ui-kit'],
    ['shared contracts importing demo data', 'libs/contracts/src/x.ts', '@fed/sandbox-fixtures'],
  ])('reports %s as an error', async (_case, file, importedLibrary) => {
    const errors = await boundaryErrors(file, importedLibrary);
    expect(errors).toHaveLength(1);
    // The tag rule, or, when the reverse dependency already exists (ui-kit → validation), the cycle it would make.
    expect(errors[0]).toMatch(/tagged with|Circular dependency/);
  });

  it.each([
    ['a feature reading the session', 'libs/competitions/src/x.ts', '@fed/auth-session'],
    ['a feature using the UI kit, the API client and validation', 'libs/membership/src/x.ts', '@fed/ui-kit'],
    ['a feature using data access', 'libs/membership/src/x.ts', '@fed/api-client'],
    ['the portal composing a feature', 'apps/portal/src/app/x.ts', '@fed/competitions'],
    ['the api using shared contracts', 'apps/api/src/x.ts', '@fed/contracts'],
    ['the api mounting the sandbox', 'apps/api/src/x.ts', '@fed/sandbox-mount'],
    ['the api using a twin (the SMS outbox for codes)', 'apps/api/src/x.ts', '@fed/sandbox-sms'],
    ['the composition mounting a twin', 'libs/sandbox/mount/src/x.ts', '@fed/sandbox-elma'],
    ['a twin using shared contracts', 'libs/sandbox/elma/src/x.ts', '@fed/contracts'],
    ['the UI kit using validation', 'libs/ui-kit/src/x.ts', '@fed/validation'],
    [
      'a feature’s spec using the portal test kit',
      'libs/competitions/src/x.spec.tsx',
      '@fed/auth-session/testing',
    ],
    [
      'the portal’s spec using the portal test kit',
      'apps/portal/src/app/x.spec.tsx',
      '@fed/auth-session/testing',
    ],
  ])('allows %s', async (_case, file, importedLibrary) => {
    expect(await boundaryErrors(file, importedLibrary)).toEqual([]);
  });

  it.each([
    ['a page', 'libs/competitions/src/pages/x.tsx', true],
    ['the app', 'apps/portal/src/app/x.ts', true],
    ['a spec', 'libs/applications/src/components/x.spec.tsx', false],
    ['a testing helper', 'libs/competitions/src/testing/x.ts', false],
  ])('keeps the portal test kit (ADR 0013) out of production code: %s', async (_case, file, refused) => {
    const source = `import { renderPortal } from '@fed/auth-session/testing';\nexport const used = renderPortal;\n`;
    const [result] = await eslint.lintText(source, { filePath: resolve(workspaceRoot, file) });
    const restricted = (result?.messages ?? []).filter(
      (message) => message.ruleId === 'no-restricted-imports',
    );
    expect(restricted.length > 0).toBe(refused);
  });

  describe('type:sandbox and type:fixtures, by the type constraints alone', () => {
    it.each([
      [
        'a portal feature importing a twin',
        'libs/competitions/src/x.ts',
        '@fed/sandbox-elma',
        'type:feature',
      ],
      ['the UI kit importing the sandbox', 'libs/ui-kit/src/x.ts', '@fed/sandbox-mount', 'type:ui'],
      ['data access importing a twin', 'libs/api-client/src/x.ts', '@fed/sandbox-sms', 'type:data-access'],
      ['a shared library importing a twin', 'libs/contracts/src/x.ts', '@fed/sandbox-sms', 'type:util'],
      ['a twin importing a feature', 'libs/sandbox/elma/src/x.ts', '@fed/competitions', 'type:sandbox'],
      ['the UI kit importing demo data', 'libs/ui-kit/src/x.ts', '@fed/sandbox-fixtures', 'type:ui'],
    ])('reports %s as an error', async (_case, file, importedLibrary, sourceTag) => {
      const errors = await boundaryErrors(file, importedLibrary, typeRulesOnly);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`tagged with "${sourceTag}" can only depend on`);
    });

    it.each([
      ['the api importing a twin', 'apps/api/src/x.ts', '@fed/sandbox-elma'],
      ['the composition importing a twin', 'libs/sandbox/mount/src/x.ts', '@fed/sandbox-dadata'],
      ['the api seeding demo logins', 'apps/api/src/x.ts', '@fed/sandbox-fixtures'],
      ['a twin seeding demo data', 'libs/sandbox/elma/src/x.ts', '@fed/sandbox-fixtures'],
      [
        'an e2e journey signing in as a demo phone',
        'apps/portal-e2e/src/journeys/x.spec.ts',
        '@fed/sandbox-fixtures',
      ],
      ['the API client’s dev-server fallback', 'libs/api-client/src/x.ts', '@fed/sandbox-fixtures'],
      ['a feature’s spec', 'libs/auth-session/src/x.spec.tsx', '@fed/sandbox-fixtures'],
    ])('allows %s', async (_case, file, importedLibrary) => {
      expect(await boundaryErrors(file, importedLibrary, typeRulesOnly)).toEqual([]);
    });
  });
});
