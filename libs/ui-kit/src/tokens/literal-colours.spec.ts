import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const workspace = resolve(import.meta.dirname, '../../../..');

/** Every CSS module of the portal: the app's and every browser library's (the UI kit's tokens sheet is not one). */
function portalStylesheets(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.module.css')) found.push(path);
    }
  };
  walk(join(workspace, 'apps/portal/src'));
  walk(join(workspace, 'libs'));
  return found;
}

// A hex colour, or rgb()/hsl() with numbers inside (not `rgb(var(--…))`), or a named colour as a value.
const literal = /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?)\(\s*\d|:\s*(?:white|black)\s*;/i;

describe('colours', () => {
  it('are written only as tokens in the portal’s stylesheets', () => {
    const sheets = portalStylesheets();
    expect(sheets.length).toBeGreaterThan(40);
    const offenders = sheets.flatMap((sheet) =>
      readFileSync(sheet, 'utf8')
        .split('\n')
        .map((line, index) => ({ line: line.replace(/\/\*.*?\*\//g, ''), at: index + 1 }))
        .filter(({ line }) => literal.test(line))
        .map(({ line, at }) => `${relative(workspace, sheet)}:${at}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });
});
