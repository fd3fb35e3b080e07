import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clockReads, clockReadsIn, isBusinessCode } from './clock-reads';

const root = resolve(import.meta.dirname, '../..');

describe('the time comes from the clock', () => {
  it('finds no bare new Date() or Date.now in business code', () => {
    const reads = clockReads(root).map((read) => `${read.file}:${read.line}: ${read.text}`);
    expect(reads).toEqual([]);
  });

  it('tells every way of reading the process clock, and not what only looks like one', () => {
    const source = [
      'const a = new Date();',
      'const b = Date.now();',
      'const c = Date();',
      'const d = clock.now ?? Date.now;',
      'const e = new Date(clock.now());',
      'const f = new Date(2026, 0, 1);',
      '// new Date() in a comment',
      '/* Date.now() in a block',
      '   comment */ const g = 1;',
      'const h = performance.now();',
      "const i = 'https://example.com/Date.now';",
      'const j = myDate();',
    ].join('\n');
    expect(clockReadsIn(source).map((read) => read.line)).toEqual([1, 2, 3, 4]);
  });

  it('holds business code to it, not tests, test kits, stories, tools or the clock itself', () => {
    expect(isBusinessCode('apps/api/src/orders/orders.service.ts')).toBe(true);
    expect(isBusinessCode('libs/ui-kit/src/lib/event-dates.ts')).toBe(true);
    expect(isBusinessCode('libs/sandbox/elma/src/lib/seed/demo-seed.ts')).toBe(true);
    expect(isBusinessCode('apps/api/src/orders/orders.spec.ts')).toBe(false);
    expect(isBusinessCode('apps/api/src/orders/testing/orders-test-app.ts')).toBe(false);
    expect(isBusinessCode('libs/ui-kit/src/lib/modal.stories.tsx')).toBe(false);
    expect(isBusinessCode('tools/scale/run.mjs')).toBe(false);
    expect(isBusinessCode('apps/portal-e2e/src/support/payments.ts')).toBe(false);
    expect(isBusinessCode('libs/calendar/src/lib/clock.ts')).toBe(false);
  });
});
