import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { ANALYTICS_OPTIONS, ANALYTICS_SCRIPT_URL, installAnalytics } from './analytics';

const clock = fixedClock('2026-06-17T09:00:00Z');

describe('installAnalytics', () => {
  afterEach(() => {
    document.head.innerHTML = '';
    delete window.ym;
  });

  it.each([null, '', 'not-a-number', '-5'])('loads nothing without a usable counter id (%s)', (id) => {
    const reportView = installAnalytics(id, clock);
    reportView('/competitions');
    expect(document.head.querySelector('script')).toBeNull();
    expect(window.ym).toBeUndefined();
  });

  it('loads the tag once configured, initialises it with the spec’s tracking, and reports page views', () => {
    const reportView = installAnalytics('98765432', clock);
    reportView('/competitions/7');

    const script = document.head.querySelector('script');
    expect(script?.src).toBe(ANALYTICS_SCRIPT_URL);
    expect(script?.async).toBe(true);
    // Stamped as the counter's snippet stamps its queue: when the page asked for it.
    expect(window.ym?.l).toBe(clock.now());
    expect(window.ym?.a).toEqual([
      [98765432, 'init', ANALYTICS_OPTIONS],
      [98765432, 'hit', '/competitions/7'],
    ]);
    expect(ANALYTICS_OPTIONS).toMatchObject({
      clickmap: true,
      trackLinks: true,
      accurateTrackBounce: true,
      webvisor: true,
    });
  });
});
