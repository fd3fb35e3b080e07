/**
 * Pauses before a module that failed to arrive is asked for again, one per try. A page being left cancels its
 * loads (Firefox rejects the pending imports as the navigation starts): no try follows then, for the timers go
 * with the document; a network that failed for a moment gets these.
 */
export const MODULE_RETRY_DELAYS_MS: readonly number[] = [1_000, 4_000];

/** `load()`, asked again after each of `delays` while it fails; the last failure is the caller's. */
export async function loadWithRetries<T>(
  load: () => Promise<T>,
  delays: readonly number[] = MODULE_RETRY_DELAYS_MS,
): Promise<T> {
  for (const delay of delays) {
    try {
      return await load();
    } catch {
      await new Promise<void>((resolve) => setTimeout(resolve, delay));
    }
  }
  return load();
}
