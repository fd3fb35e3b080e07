import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Business code takes the time from a `Clock` (`@fed/calendar`), never from the process: a bare `new Date()`,
 * `Date()` or `Date.now` anywhere else makes behaviour depend on the day the code runs. ESLint's
 * `no-restricted-syntax` says so while editing; this reading of the files themselves holds even where lint is
 * switched off in a line.
 */

/** The one file allowed to read the process clock. */
export const CLOCK_FILE = 'libs/calendar/src/lib/clock.ts';

/** Business code: what the apps and libraries ship, not their tests, test kits, stories or the workspace tools. */
export function isBusinessCode(file: string): boolean {
  if (!/^(apps|libs)\//.test(file) || !/\.(ts|tsx|mts|mjs|js)$/.test(file)) return false;
  if (file.startsWith('apps/portal-e2e/')) return false;
  if (/\.(spec|stories|test)\.[cm]?[jt]sx?$/.test(file) || /\.d\.[cm]?ts$/.test(file)) return false;
  if (/(^|\/)(testing|\.storybook)\//.test(file)) return false;
  if (/(^|\/)(vite|vitest|playwright)\.config\.[cm]?[jt]s$/.test(file)) return false;
  return file !== CLOCK_FILE;
}

const CLOCK_READ = /\bnew\s+Date\s*\(\s*\)|(?<![\w.$])Date\s*\(\s*\)|\bDate\s*\.\s*now\b/;

export interface ClockRead {
  file: string;
  line: number;
  text: string;
}

/** The lines of a source that read the process clock, comments left out. */
export function clockReadsIn(source: string): Array<{ line: number; text: string }> {
  const reads: Array<{ line: number; text: string }> = [];
  let inBlockComment = false;
  source.split('\n').forEach((raw, index) => {
    let code = raw;
    if (inBlockComment) {
      const end = code.indexOf('*/');
      if (end < 0) return;
      code = code.slice(end + 2);
      inBlockComment = false;
    }
    code = code.replace(/\/\*.*?\*\//g, '');
    const open = code.indexOf('/*');
    if (open >= 0) {
      inBlockComment = true;
      code = code.slice(0, open);
    }
    // Quoted text is no code (a template literal may hold code, so it stays).
    code = code.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''").replace(/\/\/.*$/, '');
    if (CLOCK_READ.test(code)) reads.push({ line: index + 1, text: raw.trim() });
  });
  return reads;
}

/** Every clock read in the business code the repository tracks. */
export function clockReads(root: string): ClockRead[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(isBusinessCode);
  return files.flatMap((file) => {
    let source: string;
    try {
      source = readFileSync(join(root, file), 'utf8');
    } catch {
      return [];
    }
    return clockReadsIn(source).map((read) => ({ file, ...read }));
  });
}
