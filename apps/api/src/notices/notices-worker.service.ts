import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import type { ChannelSender, OutboxRun } from './outbox-worker';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker } from './outbox-worker';

export const NOTICE_CHANNELS = Symbol('NOTICE_CHANNELS');
const PRUNE_EVERY_MS = 3_600_000;
export const NOTICES_WORKER_OPTIONS = Symbol('NOTICES_WORKER_OPTIONS');

export interface NoticeChannels {
  sms: ChannelSender | null;
  email: (ChannelSender & { close?(): void }) | null;
}

export interface NoticesWorkerOptions {
  /** How often the outbox is looked at; 0: never by itself (tests call {@link NoticesWorkerService.runOnce}). */
  intervalMs: number;
}

/** Runs this instance's {@link OutboxWorker} every `intervalMs`, one run at a time. */
@Injectable()
export class NoticesWorkerService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Notices');
  readonly worker: OutboxWorker;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<OutboxRun> | null = null;
  /** When this instance last pruned the outbox (by the clock); once an hour is plenty. */
  private prunedAt = Number.NEGATIVE_INFINITY;

  constructor(
    @Inject(AUTH_DB) db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(NOTICE_CHANNELS) private readonly channels: NoticeChannels,
    @Inject(NOTICES_WORKER_OPTIONS) private readonly options: NoticesWorkerOptions,
  ) {
    this.worker = new OutboxWorker(
      db,
      {
        ...(channels.sms ? { sms: channels.sms } : {}),
        ...(channels.email ? { email: channels.email } : {}),
      },
      () => clock.now(),
      DEFAULT_OUTBOX_OPTIONS,
    );
  }

  onModuleInit(): void {
    if (this.options.intervalMs <= 0) return;
    this.timer = setInterval(() => {
      this.runOnce().catch((error: unknown) => this.logger.warn(`Outbox run failed: ${String(error)}`));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    // A send under way finishes (or its lease lapses for another instance to take).
    await this.running?.catch(() => undefined);
    this.channels.email?.close?.();
  }

  private async pruneHourly(): Promise<void> {
    const now = this.clock.now();
    if (now - this.prunedAt < PRUNE_EVERY_MS) return;
    this.prunedAt = now;
    const pruned = await this.worker.prune().catch((error: unknown) => {
      this.logger.warn(`Outbox prune failed: ${String(error)}`);
      return 0;
    });
    if (pruned > 0) this.logger.log(`Outbox: ${pruned} old rows pruned`);
  }

  /** One run now (one at a time in a process). */
  runOnce(): Promise<OutboxRun> {
    this.running ??= this.worker.runOnce().then(
      async (run) => {
        await this.pruneHourly();
        this.running = null;
        if (run.sent + run.failed + run.retried > 0) {
          this.logger.log(`Outbox: ${run.sent} sent, ${run.retried} to retry, ${run.failed} given up`);
        }
        return run;
      },
      (error: unknown) => {
        this.running = null;
        throw error;
      },
    );
    return this.running;
  }
}
