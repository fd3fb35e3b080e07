import { Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { YookassaTwinService } from './yookassa-twin.service';

/** The longest wait between two deliveries of a failing notification. */
const MAX_RETRY_DELAY_MS = 60_000;

/**
 * Delivers the queued notifications: POSTs each to its receiver; an answer other than 200 (or none) is retried
 * with a doubling delay until `notificationRetryForMs` after the event, as YooKassa retries for 24 hours. Also
 * the twin's clock tick: expired payments are canceled on it.
 */
@Injectable()
export class YookassaNotifier implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('YookassaTwin');
  private timer: NodeJS.Timeout | null = null;
  /** Ticks run one after another, never two at once: a notification is never picked by two of them. */
  private chain: Promise<void> = Promise.resolve();
  private kickQueued = false;
  private readonly inFlight = new AbortController();
  private stopped = false;

  constructor(private readonly twin: YookassaTwinService) {}

  onModuleInit(): void {
    this.twin.onNotificationQueued(() => this.kick());
    // Held notifications outlive a restart in the store; the switch does not, so they go now.
    if (!this.twin.switches.current.holdNotifications)
      this.twin.store.releaseHeldNotifications(this.twin.now());
    const { tickMs } = this.twin.options;
    if (tickMs > 0) {
      this.timer = setInterval(() => this.kick(), tickMs);
      this.timer.unref();
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.inFlight.abort();
    await this.chain;
  }

  /** Runs a tick soon; a kick while one is queued adds nothing. */
  kick(): void {
    if (this.stopped || this.kickQueued) return;
    this.kickQueued = true;
    this.chain = this.chain.then(() => {
      this.kickQueued = false;
      return this.runTick();
    });
  }

  /** One tick after the running one, awaited: expiry, then every notification due now. Tests call it with a moved clock. */
  tick(): Promise<void> {
    this.chain = this.chain.then(() => this.runTick());
    return this.chain;
  }

  private async runTick(): Promise<void> {
    if (this.stopped) return;
    try {
      this.twin.expireDue();
      await this.deliverDue();
    } catch (error) {
      // The store closing under a tick at shutdown is the only expected failure.
      if (!this.stopped) this.logger.warn(`Notification tick failed: ${String(error)}`);
    }
  }

  private async deliverDue(): Promise<void> {
    const { store, options } = this.twin;
    for (;;) {
      const due = store.dueNotifications(this.twin.now(), 20);
      if (due.length === 0 || this.stopped) return;
      for (const notification of due) {
        const delivered = await this.deliver(notification.url, notification.body);
        if (this.stopped) return;
        const now = this.twin.now();
        if (delivered) {
          store.notificationDone(notification.seq, now);
          continue;
        }
        const delay = Math.min(
          options.notificationRetryBaseMs * 2 ** notification.attempts,
          MAX_RETRY_DELAY_MS,
        );
        if (now + delay > notification.createdAt + options.notificationRetryForMs) {
          store.notificationGivenUp(notification.seq, now);
          this.logger.warn(
            `Notification ${notification.seq} given up after ${notification.attempts + 1} attempts`,
          );
        } else {
          store.notificationFailed(notification.seq, now + delay);
        }
      }
    }
  }

  private async deliver(url: string, body: string): Promise<boolean> {
    try {
      const answer = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body,
        redirect: 'manual',
        signal: AbortSignal.any([
          this.inFlight.signal,
          AbortSignal.timeout(this.twin.options.notificationTimeoutMs),
        ]),
      });
      await answer.arrayBuffer().catch(() => undefined);
      return answer.status === 200;
    } catch {
      return false;
    }
  }
}
