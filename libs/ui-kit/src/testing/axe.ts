import axe from 'axe-core';
import { expect } from 'vitest';

/** Fails the test on any axe violation of impact "serious" or "critical" within `container`. */
export async function expectNoSeriousAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, {
    // jsdom does not lay out pages, so contrast cannot be measured here; Storybook's a11y addon checks it.
    rules: { 'color-contrast': { enabled: false } },
  });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}
