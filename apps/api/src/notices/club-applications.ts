import { Inject, Injectable, Optional } from '@nestjs/common';
import { platformScripts, type RequestView } from '@fed/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { PlatformClient } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { TtlCache } from '../suggestions/ttl-cache';
import { recordClubApplication } from './club-digest-store';

/** The scripts whose answers are applications a club is to be told of. */
export const CLUB_APPLICATION_SCRIPTS: ReadonlySet<string> = new Set([
  'script:createApplication',
  'script:updateApplication',
]);

/** How long an event's organizers are taken as read (they change seldom; a stale one is one digest astray). */
const ORGANIZERS_KEPT_MS = 10 * 60 * 1000;

/**
 * Applications to a club's events, learnt from the platform's answers to the athletes' own calls through the
 * proxy: a created one (`createApplication`), and a returned one sent back to review after its correction
 * (`updateApplication` whose answer's last move is `returned` → `under_review`). Each is recorded once per
 * organizer of the event for the club's digest (`club-digest.job.ts`). The organizers are read from the
 * platform with the server's token (`getEventById`), kept per event for a few minutes: a burst of applications
 * to one event asks once. A refused call never reaches here (the proxy throws first).
 */
@Injectable()
export class ClubApplications {
  private readonly organizers: TtlCache<readonly string[]>;

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    @Optional() @Inject(PlatformClient) private readonly platform: PlatformClient | null = null,
  ) {
    this.organizers = new TtlCache(500, ORGANIZERS_KEPT_MS, () => clock.now());
  }

  async observe(answer: unknown, script: string): Promise<void> {
    if (!CLUB_APPLICATION_SCRIPTS.has(script)) return;
    // Both scripts answer `{data: RequestView}`; the parse checks the answer's shape, not who called.
    const parsed =
      platformScripts[
        script === 'script:createApplication' ? 'createApplication' : 'updateApplication'
      ].output.safeParse(answer);
    if (!parsed.success) return;
    const request = parsed.data.data;
    const competitionId = request.competition[0];
    if (request.nomenclature_type !== 'competition' || !competitionId) return;
    const entry = entryOf(request, script);
    if (entry === null) return;
    const now = this.clock.now();
    for (const organizationId of await this.organizersOf(competitionId)) {
      await recordClubApplication(
        this.db,
        {
          ...entry,
          requestId: request.__id,
          organizationId,
          competitionId,
          competitionName: request.competitionName,
          sportsmanName: request.sportsmanName,
        },
        now,
      );
    }
  }

  private async organizersOf(competitionId: string): Promise<readonly string[]> {
    const known = this.organizers.get(competitionId);
    if (known) return known;
    if (!this.platform) return [];
    const event = await this.platform.runScript('getEventById', { id: competitionId });
    this.organizers.set(competitionId, event.data.organizer);
    return event.data.organizer;
  }
}

/** The entry an answer makes: a created application, or a correction after a return; else none. */
function entryOf(
  request: Pick<RequestView, '__id' | 'state_history'>,
  script: string,
): { entryKey: string; kind: 'new' | 'resent' } | null {
  if (script === 'script:createApplication') return { entryKey: request.__id, kind: 'new' };
  const last = request.state_history.at(-1);
  if (last?.from === 'returned' && last.to === 'under_review') {
    return { entryKey: `${request.__id}:resent:${last.at}`, kind: 'resent' };
  }
  return null;
}
