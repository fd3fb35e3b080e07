import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MODULE_RETRY_DELAYS_MS, loadWithRetries } from './module-retries';

const [firstPause = 0, secondPause = 0] = MODULE_RETRY_DELAYS_MS;
const cancelled = () =>
  new TypeError('error loading dynamically imported module: /assets/session-actions.js');

describe('loadWithRetries', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the module at once when it arrives', async () => {
    const load = vi.fn().mockResolvedValue('module');
    await expect(loadWithRetries(load)).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after each pause while it fails, and gives the module once it arrives', async () => {
    const load = vi
      .fn()
      .mockRejectedValueOnce(cancelled())
      .mockRejectedValueOnce(cancelled())
      .mockResolvedValue('module');
    const loaded = loadWithRetries(load);
    await vi.advanceTimersByTimeAsync(firstPause - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(secondPause);
    await expect(loaded).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('leaves the last failure to the caller once every pause has passed', async () => {
    const load = vi.fn().mockImplementation(() => Promise.reject(cancelled()));
    const loaded = loadWithRetries(load);
    const settled = expect(loaded).rejects.toThrow(/error loading dynamically imported module/);
    await vi.advanceTimersByTimeAsync(MODULE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0));
    await settled;
    expect(load).toHaveBeenCalledTimes(MODULE_RETRY_DELAYS_MS.length + 1);
  });

  it('tries no more while the pause has not passed: a page left meanwhile reports nothing', async () => {
    const load = vi.fn().mockRejectedValue(cancelled());
    const loaded = loadWithRetries(load);
    let settled = false;
    loaded.catch(() => undefined).finally(() => (settled = true));
    await vi.advanceTimersByTimeAsync(firstPause / 2);
    expect(settled).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
    // The document goes before the pause ends: its timers go with it, and the failure is never the caller's.
    vi.clearAllTimers();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(settled).toBe(false);
  });
});
