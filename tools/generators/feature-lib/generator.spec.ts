import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
/** A name no one else uses, so a run beside other work in the same tree touches nothing of theirs. */
const name = `gen-check-${process.pid}`;
const libDir = join(root, 'libs', name);
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' };

function run(command: string, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd: root, env, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}`.trim() };
}

/** Takes out exactly what the generator added beside the library, line by line (others may edit these files). */
function removeGenerated(): void {
  rmSync(libDir, { recursive: true, force: true });
  const drop = (file: string, line: (text: string) => boolean) => {
    const path = join(root, file);
    const text = readFileSync(path, 'utf8');
    const kept = text.split('\n').filter((entry) => !line(entry));
    if (kept.length !== text.split('\n').length) writeFileSync(path, kept.join('\n'));
  };
  drop('tsconfig.base.json', (line) => line.includes(`"@fed/${name}":`));
  drop('CODEOWNERS', (line) => line.startsWith(`/libs/${name}/ `));
}

describe('nx g @fed/tools:feature-lib', () => {
  afterAll(removeGenerated);

  it(
    'makes a feature library that passes lint, typecheck and test as generated',
    { timeout: 180_000 },
    () => {
      const generated = run('npx', [
        'nx',
        'g',
        '@fed/tools:feature-lib',
        name,
        '--title',
        'Проверка «генератора»',
        '--no-interactive',
      ]);
      expect(generated.status, generated.output).toBe(0);

      const project = JSON.parse(readFileSync(join(libDir, 'project.json'), 'utf8')) as { tags: string[] };
      expect(project.tags).toEqual(['scope:portal', 'type:feature']);
      const className = name.replace(/(^|-)([a-z0-9])/g, (_match, _dash, letter: string) =>
        letter.toUpperCase(),
      );
      expect(readFileSync(join(libDir, 'src/index.ts'), 'utf8')).toContain(
        `export const load${className}Page = () =>`,
      );
      for (const file of ['page.tsx', 'page.spec.tsx', 'page.stories.tsx']) {
        expect(existsSync(join(libDir, 'src/pages', `${name}-${file}`)), file).toBe(true);
      }
      expect(readFileSync(join(root, 'tsconfig.base.json'), 'utf8')).toContain(
        `"@fed/${name}": ["./libs/${name}/src/index.ts"]`,
      );
      expect(readFileSync(join(root, 'CODEOWNERS'), 'utf8')).toMatch(
        new RegExp(`^/libs/${name}/\\s+@fed/portal-core$`, 'm'),
      );

      const lint = run('npx', ['eslint', '--max-warnings=0', `libs/${name}`]);
      expect(lint.status, lint.output).toBe(0);
      const typecheck = run('npx', ['tsc', '-p', `libs/${name}/tsconfig.json`, '--noEmit']);
      expect(typecheck.status, typecheck.output).toBe(0);
      const test = run('npx', ['vitest', 'run', '--config', `libs/${name}/vitest.config.ts`]);
      expect(test.status, test.output).toBe(0);
      expect(test.output).toMatch(/1 passed/);
    },
  );

  it('refuses a name that is not kebab case, and a library that exists', () => {
    const bad = run('npx', [
      'nx',
      'g',
      '@fed/tools:feature-lib',
      'Bad_Name',
      '--no-interactive',
      '--dry-run',
    ]);
    expect(bad.status).not.toBe(0);
    const taken = run('npx', [
      'nx',
      'g',
      '@fed/tools:feature-lib',
      'profile',
      '--no-interactive',
      '--dry-run',
    ]);
    expect(taken.status).not.toBe(0);
    expect(taken.output).toContain('libs/profile already exists');
  });
});
