import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { addDays, calendarDayOf, compareDays, isoDay } from '@fed/calendar';
import { ELMA_LIST_MAX_SIZE, type EventSummary, type RequestState } from '@fed/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { PolledSchedule } from '../common/polled-schedule';
import { PlatformClient } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import {
  eventCancelled,
  eventChanged,
  type Entrant,
  type NoticeDraft,
  type WatchedEvent,
} from './notice-drafts';
import { loginOf, recordNotice } from './notices-store';

export const EVENT_WATCH_OPTIONS = Symbol('EVENT_WATCH_OPTIONS');

export interface EventWatchOptions {
  /** How often the watch runs; 0: never by itself (tests call {@link EventWatchJob.runDue} or `run`). */
  intervalMs: number;
}

export interface EventWatchRun {
  /** Upcoming events read from the platform. */
  events: number;
  /** Seen for the first time: the snapshot stored, nobody told. */
  firstSeen: number;
  /** Changes this run told (dates moved, cancelled, a cancellation taken back). */
  changes: number;
  /** Notices written. */
  notices: number;
  /** Changes another instance told first (its compare-and-set won): nothing written here. */
  raced: number;
  /** Events whose entries could not be read (tried again on the next run). */
  failed: number;
}

/**
 * How far back by start date the platform is asked for events: an event that began up to this long ago may not
 * have ended yet (a long training camp). Events are then kept while their last day is today or later.
 */
const RUNNING_LOOKBACK_DAYS = 31;

/** Entries that no longer stand: the athlete withdrew, or the organizer refused. */
const DEAD_STATES: readonly RequestState[] = ['cancelled', 'rejected'];

type Snapshot = { dateStart: string; dateEnd: string; cancelled: boolean; revision: number };

/** An instant as the snapshot keeps and compares it, whatever form the platform wrote it in. */
const normalized = (instant: string) => new Date(instant).toISOString();

/**
 * The event watch: every `intervalMs` (by the api's clock) it reads the events that have not ended from the
 * platform, and compares each with the snapshot the api's store keeps of it (`event_watch`). The first sight
 * of an event only stores the snapshot. When its dates move, it is cancelled, or a cancellation is taken back,
 * each athlete with a live entry (not withdrawn, not rejected) gets a notice — `event_changed` or
 * `event_cancelled` (urgent: by SMS too, held by the outbox in the quiet hours) — for the login holding them.
 *
 * Exactly once: the snapshot moves by compare-and-set on its revision, and the notices are written in that same
 * transaction. A crash before the commit stores neither (the next run sees the old snapshot and tells again); a
 * crash after it has stored both. Of two instances seeing the same change, one moves the revision and writes;
 * the other's update finds the revision moved and writes nothing. The notices' keys name the event, the
 * revision and the athlete besides, so even a write that slipped past the compare-and-set would add nothing.
 */
/** How soon after the start the first run takes its snapshots. */
const FIRST_RUN_AFTER_MS = 30_000;

@Injectable()
export class EventWatchJob implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EventWatch');
  private readonly schedule: PolledSchedule;
  private running: Promise<EventWatchRun> | null = null;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    private readonly platform: PlatformClient,
    @Inject(EVENT_WATCH_OPTIONS) options: EventWatchOptions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.schedule = new PolledSchedule(options.intervalMs, () => clock.now());
  }

  onModuleInit(): void {
    this.schedule.start(() =>
      this.runDue().catch((error: unknown) => this.logger.warn(`Event watch failed: ${String(error)}`)),
    );
    // The first run takes the snapshots a change is told against; until it has, a change (of a fresh sandbox's
    // demo events, of an event new since the last run) is a first sight and told to nobody. So it comes soon
    // after the start, not one whole interval later.
    const { lastRunAt, intervalMs } = this.schedule;
    if (lastRunAt !== null && intervalMs > FIRST_RUN_AFTER_MS) {
      this.schedule.lastRunAt = lastRunAt - intervalMs + FIRST_RUN_AFTER_MS;
    }
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** Runs when `intervalMs` has passed since the last run (by the clock); `null` when it was not due. */
  async runDue(): Promise<EventWatchRun | null> {
    if (this.schedule.takeDue() === null) return null;
    return this.run();
  }

  /** One run now (one at a time in a process; another instance may run at the same time). */
  run(): Promise<EventWatchRun> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<EventWatchRun> {
    const run: EventWatchRun = { events: 0, firstSeen: 0, changes: 0, notices: 0, raced: 0, failed: 0 };
    for (const event of await this.notEnded()) {
      run.events += 1;
      try {
        const outcome = await this.watch(event);
        if (outcome === 'first') run.firstSeen += 1;
        else if (outcome === 'raced') run.raced += 1;
        else if (typeof outcome === 'number') {
          run.changes += 1;
          run.notices += outcome;
        }
      } catch (error) {
        // One event's entries unread (the platform answered badly) must not stop the others; its snapshot is
        // unchanged, so the next run tells of it.
        run.failed += 1;
        this.logger.warn(`Event ${event.__id} not watched: ${String(error)}`);
      }
    }
    if (run.changes + run.failed > 0) {
      this.logger.log(
        `Event watch: ${run.changes} changes told in ${run.notices} notices, ${run.failed} events failed`,
      );
    }
    return run;
  }

  /** Every event whose last day (Moscow) is today or later, page by page, each once. */
  private async notEnded(): Promise<EventSummary[]> {
    const today = calendarDayOf(this.clock.now());
    const byId = new Map<string, EventSummary>();
    for (let from = 0; ; from += ELMA_LIST_MAX_SIZE) {
      const page = await this.platform.runScript('getEvents', {
        when: 'all',
        dateFrom: isoDay(addDays(today, -RUNNING_LOOKBACK_DAYS)),
        sort: 'date_asc',
        from,
        size: ELMA_LIST_MAX_SIZE,
      });
      for (const event of page.result) {
        if (compareDays(calendarDayOf(event.date_end), today) >= 0) byId.set(event.__id, event);
      }
      if (page.result.length < ELMA_LIST_MAX_SIZE || from + ELMA_LIST_MAX_SIZE >= page.total) break;
    }
    return [...byId.values()];
  }

  /**
   * Compares one event with its snapshot and tells its entrants of a change: `'first'` (stored, nobody told),
   * `'same'`, `'raced'` (another instance told it), or the number of notices written.
   */
  private async watch(event: EventSummary): Promise<'first' | 'same' | 'raced' | number> {
    const seen: Snapshot = {
      dateStart: normalized(event.date_start),
      dateEnd: normalized(event.date_end),
      cancelled: event.cancelled === true,
      revision: 0,
    };
    const now = this.clock.now();
    const stored = await this.db
      .selectFrom('event_watch')
      .selectAll()
      .where('event_id', '=', event.__id)
      .executeTakeFirst();
    if (!stored) {
      // Two instances seeing it first both try; the second finds the row and does nothing.
      await this.db
        .insertInto('event_watch')
        .values({
          event_id: event.__id,
          date_start: seen.dateStart,
          date_end: seen.dateEnd,
          cancelled: seen.cancelled ? 1 : 0,
          revision: 0,
          seen_at: now,
          changed_at: now,
        })
        .onConflict((conflict) => conflict.column('event_id').doNothing())
        .execute();
      return 'first';
    }
    const moved = stored.date_start !== seen.dateStart || stored.date_end !== seen.dateEnd;
    const wasCancelled = stored.cancelled === 1;
    if (!moved && wasCancelled === seen.cancelled) return 'same';
    const revision = Number(stored.revision) + 1;
    const watched: WatchedEvent = {
      id: event.__id,
      name: event.__name,
      dateStart: seen.dateStart,
      dateEnd: seen.dateEnd,
    };
    // A cancelled event whose dates are moved meanwhile is no news: it does not take place at all.
    const draftFor: (entrant: Entrant) => NoticeDraft | null =
      seen.cancelled && !wasCancelled
        ? (entrant) => eventCancelled(watched, revision, entrant)
        : !seen.cancelled
          ? (entrant) => eventChanged(watched, revision, entrant, wasCancelled ? 'reinstated' : 'moved')
          : () => null;
    const entrants = seen.cancelled && wasCancelled ? [] : await this.entrantsOf(event.__id);
    return this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('event_watch')
        .set({
          date_start: seen.dateStart,
          date_end: seen.dateEnd,
          cancelled: seen.cancelled ? 1 : 0,
          revision,
          changed_at: now,
        })
        .where('event_id', '=', event.__id)
        .where('revision', '=', Number(stored.revision))
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) return 'raced' as const;
      let written = 0;
      for (const entrant of entrants) {
        const draft = draftFor(entrant);
        if (!draft) continue;
        const id = await recordNotice(trx, draft, await loginOf(trx, entrant.id), now);
        if (id !== null) written += 1;
      }
      return written;
    });
  }

  /** The athletes with a live competition entry to the event, each once (an athlete may hold two requests). */
  private async entrantsOf(eventId: string): Promise<Entrant[]> {
    const byId = new Map<string, Entrant>();
    for (let from = 0; ; from += ELMA_LIST_MAX_SIZE) {
      const page = await this.platform.runScript('getCompetitionRequests', {
        competitionId: eventId,
        requestState: '',
        query: '',
        from,
        size: ELMA_LIST_MAX_SIZE,
      });
      for (const request of page.result) {
        const athlete = request.sportsman[0];
        if (!athlete || request.nomenclature_type !== 'competition') continue;
        if (DEAD_STATES.includes(request.requestState)) continue;
        byId.set(athlete, { id: athlete, name: request.sportsmanName });
      }
      if (page.result.length < ELMA_LIST_MAX_SIZE || from + ELMA_LIST_MAX_SIZE >= page.total) break;
    }
    return [...byId.values()];
  }
}
