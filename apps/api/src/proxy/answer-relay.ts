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

interface Worked {
  /** The platform's bytes the answer was worked out from. */
  upstream: Buffer;
  /** Everything else the answer depends on, as one string (who asked, today's date…). */
  context: string;
  answer: Buffer;
}

/**
 * Answers already worked out, by request target: the platform answers a read with the same bytes until its
 * data changes, and comparing them costs a fraction of parsing them (under a microsecond against tens for a
 * 3 kB answer). An entry holds only while the platform's bytes and the context it was worked out in are the
 * same, so what it gives is what working the answer out again would give. At most `maxEntries` and
 * `budgetBytes` are kept, the oldest forgotten first; an answer larger than a sixteenth of the budget is never
 * kept.
 */
export class AnswerMemo {
  private readonly entries = new Map<string, Worked>();
  private keptBytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly budgetBytes = 16 * 1024 * 1024,
  ) {}

  /** The answer worked out for `key` from the same `upstream` bytes in the same `context`, if kept. */
  answerFor(key: string, upstream: Buffer, context: string): Buffer | undefined {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.context === context && entry.upstream.equals(upstream)
      ? entry.answer
      : undefined;
  }

  remember(key: string, upstream: Buffer, context: string, answer: Buffer): void {
    this.forget(key);
    const entry = { upstream, context, answer };
    const weight = AnswerMemo.weight(entry);
    if (weight > this.budgetBytes / 16) return;
    while (this.entries.size >= this.maxEntries || this.keptBytes + weight > this.budgetBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    this.entries.set(key, entry);
    this.keptBytes += weight;
  }

  forget(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.keptBytes -= AnswerMemo.weight(entry);
  }

  /** An entry's share of the budget: the memory its buffers hold on to (a small one is a slice of node's pool). */
  private static weight({ upstream, answer }: Worked): number {
    const held = (buffer: Buffer) => Math.max(buffer.length, buffer.buffer.byteLength);
    return held(upstream) + (answer === upstream ? 0 : held(answer));
  }
}
