import { createProjectGraphAsync } from '@nx/devkit';
import { ESLint } from 'eslint';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { workspaceRoot } from '../vite/shared.ts';

const eslint = new ESLint({ cwd: workspaceRoot });

/** Lints a one-line import as if it were written in `file`, returning the boundary rule's messages. */
async function boundaryErrors(file: string, importedLibrary: string): Promise<string[]> {
  const source = `import * as imported from '${importedLibrary}';\nexport const used = imported;\n`;
  const [result] = await eslint.lintText(source, { filePath: resolve(workspaceRoot, file) });
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
    ['the portal importing server code', 'apps/portal/src/app/x.ts', '@fed/platform-sandbox'],
    ['a portal library importing server code', 'libs/competitions/src/x.ts', '@fed/platform-sandbox'],
    ['the server importing portal code', 'apps/api/src/x.ts', '@fed/ui-kit'],
    ['the UI kit importing a feature', 'libs/ui-kit/src/x.ts', '@fed/auth-session'],
    ['the UI kit importing data access', 'libs/ui-kit/src/x.ts', '@fed/api-client'],
    ['shared contracts importing data access', 'libs/contracts/src/x.ts', '@fed/api-client'],
    ['data access importing a feature', 'libs/api-client/src/x.ts', '@fed/competitions'],
    ['a shared util importing the UI kit', 'libs/validation/src/x.ts', '@fed/ui-kit'],
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
    ['the api mounting the sandbox', 'apps/api/src/x.ts', '@fed/platform-sandbox'],
    ['the UI kit using validation', 'libs/ui-kit/src/x.ts', '@fed/validation'],
  ])('allows %s', async (_case, file, importedLibrary) => {
    expect(await boundaryErrors(file, importedLibrary)).toEqual([]);
  });
});
