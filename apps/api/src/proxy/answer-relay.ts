import type { PathPolicy } from './proxy-policy';

/**
 * Whether the proxy relays a path's answers as they came, unread: catalogue data (`noPersonRecords`: the answer
 * filter would take nothing out) of a path with no ownership rule at all, so that nothing is decided on the
 * answer either. Any rule, or a path that may hold a person's record, takes the whole way: parsed, checked,
 * filtered.
 */
export function relaysAsIs(policy: PathPolicy): boolean {
  return policy.answers === 'noPersonRecords' && policy.rules.length === 0;
}

/**
 * The answers last found to be JSON, by request target, so that an answer relayed as it came is parsed only when
 * its bytes changed: the platform answers a catalogue read with the same bytes until its data changes, and
 * comparing them costs a fraction of parsing them (under a microsecond against tens for a 3 kB answer). At most
 * `budgetBytes` of answers are kept, the oldest forgotten first; a larger answer is parsed every time.
 */
export class KnownJsonAnswers {
  private readonly known = new Map<string, Buffer>();
  private keptBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly budgetBytes = 16 * 1024 * 1024,
  ) {}

  /** Whether `body`, the answer to `key`, is JSON. */
  isJson(key: string, body: Buffer): boolean {
    const last = this.known.get(key);
    if (last !== undefined && last.equals(body)) return true;
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      this.forget(key);
      return false;
    }
    this.remember(key, body);
    return true;
  }

  /** A body's share of the budget: the memory it holds on to (a small one is a slice of node's pool). */
  private static weight(body: Buffer): number {
    return Math.max(body.length, body.buffer.byteLength);
  }

  private remember(key: string, body: Buffer): void {
    this.forget(key);
    const weight = KnownJsonAnswers.weight(body);
    if (weight > this.budgetBytes / 16) return;
    while (this.known.size >= this.maxEntries || this.keptBytes + weight > this.budgetBytes) {
      const oldest = this.known.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    this.known.set(key, body);
    this.keptBytes += weight;
  }

  private forget(key: string): void {
    const body = this.known.get(key);
    if (body === undefined) return;
    this.known.delete(key);
    this.keptBytes -= KnownJsonAnswers.weight(body);
  }
}
