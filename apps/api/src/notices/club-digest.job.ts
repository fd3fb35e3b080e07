import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import { CLOCK, type Clock } from '../common/clock';
import { PolledSchedule } from '../common/polled-schedule';
import { PlatformClient } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { organizationNameOf } from './application-notices';
import { digestOrganization, organizationsDue } from './club-digest-store';

export const CLUB_DIGEST_OPTIONS = Symbol('CLUB_DIGEST_OPTIONS');

export interface ClubDigestOptions {
  /** How often the job looks for digests to write; 0: never by itself (tests call {@link ClubDigestJob.run}). */
  intervalMs: number;
}

export interface ClubDigestRun {
  /** Digests written (one per organization). */
  written: number;
  /** Applications they told of. */
  applications: number;
  /** Organizations another run (this or another instance) had digested within the hour. */
  skipped: number;
  /** Organizations whose digest failed (tried again on the next run). */
  failed: number;
}

/**
 * A club's digest of new applications to its events: every `intervalMs` (by the app's clock) each organization
 * with applications it has not been told of, and no digest in the last hour, gets ONE `club_new_applications`
 * notice naming the events and counts (`digestOrganization`: the claim, the notice and the marks in one
 * transaction, so two instances running at once write one). The outbox worker sends it by e-mail.
 */
@Injectable()
export class ClubDigestJob implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ClubDigest');
  private readonly schedule: PolledSchedule;
  private running: Promise<ClubDigestRun> | null = null;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CLUB_DIGEST_OPTIONS) options: ClubDigestOptions,
    // Names the organization on its notice; without it (some tests) the notice says «Организация».
    @Optional() @Inject(PlatformClient) private readonly platform: PlatformClient | null = null,
  ) {
    this.schedule = new PolledSchedule(options.intervalMs, () => clock.now());
  }

  onModuleInit(): void {
    this.schedule.start(() =>
      this.runDue().catch((error: unknown) => this.logger.warn(`Club digest run failed: ${String(error)}`)),
    );
  }

  async onModuleDestroy(): Promise<void> {
    this.schedule.stop();
    await this.running?.catch(() => undefined);
  }

  /** Runs when `intervalMs` has passed since the last run (by the clock); `null` when it was not due. */
  async runDue(): Promise<ClubDigestRun | null> {
    if (this.schedule.takeDue() === null) return null;
    return this.run();
  }

  /** One run now (one at a time in a process; another instance may run at the same moment). */
  run(): Promise<ClubDigestRun> {
    this.running ??= this.runOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runOnce(): Promise<ClubDigestRun> {
    const run: ClubDigestRun = { written: 0, applications: 0, skipped: 0, failed: 0 };
    const now = this.clock.now();
    for (const organizationId of await organizationsDue(this.db, now)) {
      try {
        const name = await organizationNameOf(this.platform, organizationId);
        const digest = await digestOrganization(this.db, organizationId, name, now);
        if (digest === null) {
          run.skipped += 1;
        } else {
          run.written += 1;
          run.applications += digest.applications;
        }
      } catch (error) {
        run.failed += 1;
        this.logger.warn(`Club digest not written: ${String(error)}`);
      }
    }
    if (run.written + run.failed > 0) {
      this.logger.log(
        `Club digests: ${run.written} written (${run.applications} applications), ${run.failed} failed`,
      );
    }
    return run;
  }
}
