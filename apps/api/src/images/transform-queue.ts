import { ApiException } from '../common/api-exception.filter';

export interface TransformQueueOptions {
  /** Tasks running at once. */
  maxRunning: number;
  /** Tasks waiting for a slot, all clients together; one more is refused with 503. */
  maxQueued: number;
  /** Tasks one client may have running or waiting at once; one more is refused with 429. */
  maxPerClient: number;
  /** Tasks one client may have running at once. Default half of `maxRunning`, at least 1. */
  maxRunningPerClient?: number;
}

interface Waiter {
  start: () => void;
  refuse: (error: ApiException) => void;
}

interface ClientState {
  /** Running and waiting tasks of this client. */
  active: number;
  running: number;
  waiting: Waiter[];
  /** When this client's latest task started (a counter, not a time); 0 for none yet. */
  lastStart: number;
}

/** Typical task length before any task has finished; updated as tasks run. */
const INITIAL_TASK_MS = 1_000;
const MAX_RETRY_AFTER_SECONDS = 60;

/**
 * A bounded queue of costly tasks (image resizes) shared fairly between clients (addresses).
 *
 * At most `maxRunning` tasks run, and at most `maxRunningPerClient` of one client (half the slots), so with
 * two slots or more one client never takes them all and another client's task starts at once. The others
 * wait in one queue per client; a free slot goes to the waiting client whose latest task started longest
 * ago (round robin, a newcomer first), so many waiting tasks of one client delay another client by at most
 * the tasks already running, never by the backlog. A client may hold at most `maxPerClient` running and
 * waiting tasks (more → 429), and the waiting tasks of all clients are bounded by `maxQueued` (more → 503);
 * when the queue is full, a newcomer takes the place of the last waiting task of the client that holds the
 * most, so a greedy client is refused first. Both refusals carry `Retry-After`, estimated from the tasks
 * ahead and recent task lengths.
 *
 * The price of the per-client running share: a client alone uses half the slots while the rest stay idle.
 */
export class TransformQueue {
  private running = 0;
  private queued = 0;
  /** Clients with running or waiting tasks: at most `maxRunning + maxQueued`, so scanning them is cheap. */
  private readonly clients = new Map<string, ClientState>();
  private starts = 0;
  private averageTaskMs = INITIAL_TASK_MS;
  private readonly maxRunningPerClient: number;

  constructor(private readonly options: TransformQueueOptions) {
    this.maxRunningPerClient = options.maxRunningPerClient ?? Math.max(1, Math.floor(options.maxRunning / 2));
  }

  /** Running and waiting tasks, for tests and metrics. */
  get load(): { running: number; queued: number; clients: number } {
    return { running: this.running, queued: this.queued, clients: this.clients.size };
  }

  /** Runs `task` for `client` when a slot is free; throws 429 or 503 `ApiException` when refused. */
  async run<T>(client: string, task: () => Promise<T>): Promise<T> {
    await this.admit(client);
    const started = performance.now();
    try {
      return await task();
    } finally {
      this.averageTaskMs = 0.8 * this.averageTaskMs + 0.2 * (performance.now() - started);
      this.release(client);
    }
  }

  /** Resolves when `client` holds a running slot. */
  private admit(client: string): Promise<void> {
    const state = this.clients.get(client) ?? { active: 0, running: 0, waiting: [], lastStart: 0 };
    if (state.active >= this.options.maxPerClient) {
      throw this.refusal(
        429,
        'too_many_requests',
        'Слишком много изображений запрошено сразу, повторите через {s} с',
      );
    }
    if (this.running < this.options.maxRunning && this.mayStart(state)) {
      this.clients.set(client, state);
      state.active += 1;
      this.begin(state);
      return Promise.resolve();
    }
    if (this.queued >= this.options.maxQueued && !this.makeRoomFor(state)) {
      throw this.refusal(503, 'images_busy', 'Сервер изображений перегружен, повторите через {s} с');
    }
    this.clients.set(client, state);
    state.active += 1;
    this.queued += 1;
    return new Promise<void>((start, refuse) => state.waiting.push({ start, refuse }));
  }

  private mayStart(state: ClientState): boolean {
    return state.running < this.maxRunningPerClient;
  }

  private begin(state: ClientState): void {
    state.running += 1;
    state.lastStart = ++this.starts;
    this.running += 1;
  }

  /**
   * Refuses the last waiting task of the client holding the most tasks (running and waiting), when it holds
   * more than `newcomer` would after being queued; false when every waiting client holds no more.
   */
  private makeRoomFor(newcomer: ClientState): boolean {
    let greedy: ClientState | undefined;
    for (const state of this.clients.values()) {
      if (state.waiting.length > 0 && state.active > (greedy?.active ?? 0)) greedy = state;
    }
    if (greedy === undefined || greedy.active <= newcomer.active + 1) return false;
    const dropped = greedy.waiting.pop();
    if (dropped === undefined) return false;
    this.queued -= 1;
    greedy.active -= 1;
    dropped.refuse(this.refusal(503, 'images_busy', 'Сервер изображений перегружен, повторите через {s} с'));
    return true;
  }

  private release(client: string): void {
    this.running -= 1;
    const state = this.clients.get(client);
    if (state !== undefined) {
      state.running -= 1;
      state.active -= 1;
      if (state.active <= 0) this.clients.delete(client);
    }
    while (this.running < this.options.maxRunning) {
      let next: ClientState | undefined;
      for (const candidate of this.clients.values()) {
        if (
          candidate.waiting.length > 0 &&
          this.mayStart(candidate) &&
          (next === undefined || candidate.lastStart < next.lastStart)
        ) {
          next = candidate;
        }
      }
      const waiter = next?.waiting.shift();
      if (next === undefined || waiter === undefined) return;
      this.queued -= 1;
      this.begin(next);
      waiter.start();
    }
  }

  private refusal(status: 429 | 503, code: string, message: string): ApiException {
    const ahead = this.running + this.queued;
    const seconds = Math.min(
      MAX_RETRY_AFTER_SECONDS,
      Math.max(1, Math.ceil((ahead * this.averageTaskMs) / this.options.maxRunning / 1000)),
    );
    return new ApiException(
      status,
      { code, message: message.replace('{s}', String(seconds)) },
      { 'Retry-After': String(seconds) },
    );
  }
}
