import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { federationToday } from '@fed/calendar';
import { federation } from '@fed/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { membershipEnding } from '../notices/notice-drafts';
import { loginOf, recordNotice } from '../notices/notices-store';
import { PolledSchedule } from '../common/polled-schedule';
import { PlatformClient } from '../platform/platform-client';
import { inQuietHours, quietHoursEnd } from '../sms/quiet-hours';
import { maskPhone, SMS_SENDER, type SmsSender } from '../sms/sms-sender';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { isUniqueViolation } from './orders-store';
import { OrdersService } from './orders.service';

export const REMINDERS_OPTIONS = Symbol('REMINDERS_OPTIONS');

export interface RemindersOptions {
  /** How often the job runs; 0: never by itself (tests call {@link MembershipRemindersJob.runDue}). */
  intervalMs: number;
}

export interface ReminderRun {
  sent: number;
  /** Already sent for that term (or being sent by another instance). */
  skipped: number;
  /** No login to send to, or the SMS failed (tried again on the next run). */
  failed: number;
  /** The quiet hours held the SMS until morning (none was sent or marked; the notices were written). */
  held: boolean;
  /** Notices of a membership ending in 30 or 7 days written by this run (each once per term and threshold). */
  noticed: number;
}

const PAGE = 100;

/**
 * The membership reminder job: every `intervalMs` it asks the platform which athletes have a reminder due
 * (`getDueMembershipReminders`: the term ends within 30 days, or before an event they entered) and sends the
 * most urgent one by SMS to the athlete's login, once per athlete and term — a mark in
 * `membership_reminders_sent` is taken before the send (so two instances never both send) and dropped when the
 * send fails (so the next run tries again). Nobody is sent one in the quiet hours (22:00–09:00 Moscow): a run
 * then holds them, and the next run is at 09:00. Each run also writes the notices of a membership ending in 30 and
 * 7 days (the portal and e-mail, whatever the hour; exactly once by their keys) and tells the platform about paid
 * orders it missed.
 */
@Injectable()
export class MembershipRemindersJob implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('MembershipReminders');
  private readonly now: () => number;
  private running: Promise<ReminderRun> | null = null;
  private readonly schedule: PolledSchedule;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    private readonly platform: PlatformClient,
    @Inject(SMS_SENDER) private readonly sms: SmsSender,
    private readonly orders: OrdersService,
    @Inject(REMINDERS_OPTIONS) private readonly options: RemindersOptions,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.now = () => clock.now();
    this.schedule = new PolledSchedule(this.options.intervalMs, this.now);
  }

  onModuleInit(): void {
    this.schedule.start(() => this.runDue().catch(() => undefined));
  }

  onModuleDestroy(): void {
    this.schedule.stop();
  }

  /** Runs when `intervalMs` has passed since the last run (by the clock); `null` when it was not due. */
  async runDue(): Promise<ReminderRun | null> {
    const now = this.schedule.takeDue();
    if (now === null) return null;
    const run = await this.run();
    // Held at night: the next run is at the end of the quiet hours, if that comes before the interval does.
    if (run.held)
      this.schedule.lastRunAt = Math.min(now, quietHoursEnd(now).getTime() - this.options.intervalMs);
    return run;
  }

  /** One run now (one at a time in a process). */
  run(): Promise<ReminderRun> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<ReminderRun> {
    const held = inQuietHours(this.now());
    const run: ReminderRun = { sent: 0, skipped: 0, failed: 0, held, noticed: 0 };
    await this.orders.tellPlatformPending();
    for (let from = 0; ; from += PAGE) {
      const page = await this.platform.runScript('getDueMembershipReminders', { from, size: PAGE });
      for (const athlete of page.result) {
        if (athlete.termUntil !== null && (await this.notice(athlete, athlete.termUntil))) run.noticed += 1;
        if (held) continue;
        const [reminder] = athlete.reminders;
        if (!reminder) continue;
        const outcome = await this.remind(athlete.sportsmanId, athlete.termUntil ?? 'none', reminder.message);
        run[outcome] += 1;
      }
      if (page.result.length < PAGE || from + PAGE >= page.total) break;
    }
    if (run.sent + run.failed > 0) {
      this.logger.log(
        `Membership reminders: ${run.sent} sent, ${run.skipped} already sent, ${run.failed} failed`,
      );
    }
    return run;
  }

  /** Writes the notice of the athlete's term ending, when a threshold is reached; whether one was written. */
  private async notice(
    athlete: { sportsmanId: string; sportsmanName: string },
    termUntil: string,
  ): Promise<boolean> {
    const now = this.now();
    const draft = membershipEnding(athlete, termUntil, federationToday({ now: () => now }));
    if (!draft) return false;
    const login = await loginOf(this.db, athlete.sportsmanId);
    const id = await this.db.transaction().execute((trx) => recordNotice(trx, draft, login, now));
    return id !== null;
  }

  private async remind(
    sportsmanId: string,
    termUntil: string,
    message: string,
  ): Promise<'sent' | 'skipped' | 'failed'> {
    const login = await this.db
      .selectFrom('login_contractors')
      .innerJoin('logins', 'logins.id', 'login_contractors.login_id')
      .select(['logins.id as loginId', 'logins.phone as phone'])
      .where('login_contractors.contractor_id', '=', sportsmanId)
      .executeTakeFirst();
    // Athletes without a login on the portal are reached by the federation's own means.
    if (!login) return 'skipped';
    try {
      await this.db
        .insertInto('membership_reminders_sent')
        .values({
          sportsman_id: sportsmanId,
          term_until: termUntil,
          login_id: login.loginId,
          claimed_at: this.now(),
          sent_at: null,
        })
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) return 'skipped';
      throw error;
    }
    const mark = (db: AuthDb) =>
      db
        .deleteFrom('membership_reminders_sent')
        .where('sportsman_id', '=', sportsmanId)
        .where('term_until', '=', termUntil);
    let result;
    try {
      result = await this.sms.send(login.phone, `${federation.shortName}: ${message}`);
    } catch (error) {
      await mark(this.db).execute();
      throw error;
    }
    if (!result.ok) {
      await mark(this.db).execute();
      this.logger.warn(`Membership reminder to ${maskPhone(login.phone)} not sent: ${result.failure.kind}`);
      return 'failed';
    }
    await this.db
      .updateTable('membership_reminders_sent')
      .set({ sent_at: this.now() })
      .where('sportsman_id', '=', sportsmanId)
      .where('term_until', '=', termUntil)
      .execute();
    return 'sent';
  }
}
