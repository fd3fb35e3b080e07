import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

/** Every project's root (a folder with a project.json under apps/ or libs/). */
function projectRoots(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    // The generator's test makes such a library and removes it while the other workspace tests run.
    if (entry === 'node_modules' || entry.startsWith('gen-check-')) continue;
    const path = join(dir, entry);
    if (!statSync(path).isDirectory()) continue;
    if (readdirSync(path).includes('project.json')) found.push(relative(root, path));
    else found.push(...projectRoots(path));
  }
  return found;
}

const ownerLines = readFileSync(join(root, 'CODEOWNERS'), 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '' && !line.startsWith('#'))
  .map((line) => line.trim().split(/\s+/));

describe('CODEOWNERS', () => {
  it.each([...projectRoots(join(root, 'apps')), ...projectRoots(join(root, 'libs'))])(
    '%s has an owner line of its own',
    (projectRoot) => {
      const line = ownerLines.find(([pattern]) => pattern === `/${projectRoot}/`);
      expect(line, `add "/${projectRoot}/  @fed/<team>" to CODEOWNERS`).toBeDefined();
    },
  );

  it('names teams only, as @fed/<team>', () => {
    for (const [pattern, ...owners] of ownerLines) {
      expect(owners.length, `${pattern} has no owner`).toBeGreaterThan(0);
      for (const owner of owners) expect(owner).toMatch(/^@fed\/[a-z0-9-]+$/);
    }
  });
});
