// A Playwright reporter that appends a few lines per failed or flaky test to the file `TEST_STEP_SUMMARY` names
// (tools/scripts/test-all.mjs sets it per step and prints it after a failed step): a CI log that keeps only its
// last lines then still says which journey failed, where, and why. Without the variable it does nothing.
import { appendFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

const workspaceRoot = resolve(import.meta.dirname, '../..');
const ANSI = /\u001b\[[0-9;]*m/g;

/** The first lines of an error's message, without colours: enough to tell the failure, short enough to read. */
function firstLines(error, count = 3) {
  const text = (error?.message ?? String(error ?? '')).replace(ANSI, '');
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, count)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line));
}

export default class OutcomeSummaryReporter {
  constructor() {
    this.file = process.env['TEST_STEP_SUMMARY'];
    this.lines = [];
  }

  printsToStdio() {
    return false;
  }

  onEnd() {
    if (!this.file || !this.suite) return;
    for (const test of this.suite.allTests()) {
      const outcome = test.outcome();
      if (outcome !== 'unexpected' && outcome !== 'flaky') continue;
      const where = `${test.parent.project()?.name ?? ''} › ${relative(workspaceRoot, test.location.file)}:${test.location.line}`;
      const tries = test.results.length;
      this.lines.push(
        `${outcome === 'flaky' ? 'FLAKY (passed on retry)' : 'FAILED'} [${where}] ${test.title}`,
      );
      const failed = test.results.find((result) => result.status !== 'passed' && result.status !== 'skipped');
      for (const line of firstLines(failed?.error)) this.lines.push(`    ${line}`);
      if (tries > 1) this.lines.push(`    (${tries} tries)`);
    }
    if (this.lines.length > 0) appendFileSync(this.file, `${this.lines.join('\n')}\n`);
  }

  onBegin(_config, suite) {
    this.suite = suite;
  }
}
