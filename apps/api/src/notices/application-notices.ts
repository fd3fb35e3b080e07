import { Inject, Injectable, Optional } from '@nestjs/common';
import type { CompetitionDocument, RequestView } from '@fed/contracts';
import type { Caller } from '../common/caller';
import { CLOCK, type Clock } from '../common/clock';
import { PlatformClient } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { CLUB_APPLICATION_SCRIPTS, ClubApplications } from './club-applications';
import {
  applicationMoved,
  applicationNoticeKinds,
  documentReviewed,
  type NoticeDraft,
} from './notice-drafts';
import { loginOf, recordNotice } from './notices-store';

/** What the proxy tells of the platform's answers it passed on (the api learns platform-side changes there). */
export interface NoticeObserver {
  /** Scripts whose answers carry applications or an organizer's documents; the proxy tells only of these. */
  readonly scripts: ReadonlySet<string>;
  /** `script`: the proxy's target key (`script:getCompetitionDocuments`); `caller`: who the answer was for. */
  observe(answer: unknown, context?: { script: string; caller: Caller | null }): Promise<void>;
}

export const NOTICE_OBSERVER = Symbol('NOTICE_OBSERVER');

/**
 * How far back a move seen for the first time is still news: a move older than this (one that happened before
 * the api first saw the application, or before notices existed) is not told.
 */
export const NEWS_WINDOW_MS = 7 * 24 * 3_600_000;

type ObservedRequest = Pick<
  RequestView,
  '__id' | 'sportsman' | 'sportsmanName' | 'competitionName' | 'state_history' | 'nomenclature_type'
>;

function isRequest(value: unknown): value is ObservedRequest {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['__id'] === 'string' &&
    Array.isArray(record['sportsman']) &&
    Array.isArray(record['state_history']) &&
    typeof record['competitionName'] === 'string'
  );
}

type ObservedDocument = Pick<CompetitionDocument, '__id' | '__name' | 'competition' | 'kind' | 'history'>;

function isDocument(value: unknown): value is ObservedDocument {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record['__id'] === 'string' &&
    Array.isArray(record['competition']) &&
    Array.isArray(record['history']) &&
    typeof record['kind'] === 'string'
  );
}

/** An organization's name as the platform has it, for its notices; «Организация» when it cannot be read. */
export async function organizationNameOf(platform: PlatformClient | null, id: string): Promise<string> {
  try {
    return (await platform?.runScript('getOrganizationProfile', { id }))?.data.__name ?? 'Организация';
  } catch {
    return 'Организация';
  }
}

/** Scripts whose documents are the caller's own: only their organizer reads them (the proxy's rule). */
const ORGANIZER_DOCUMENT_SCRIPTS = new Set([
  'script:getCompetitionDocuments',
  'script:submitCompetitionDocument',
]);

/** The records an answer carries: `data` (one), `result` (a list). */
function recordsIn(answer: unknown): unknown[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const { data, result } = answer as { data?: unknown; result?: unknown };
  return [data, ...(Array.isArray(result) ? result : [])];
}

/** The requests an answer carries: `data` (one), `result` (a list). */
function requestsIn(answer: unknown): ObservedRequest[] {
  return recordsIn(answer).filter(isRequest);
}

/**
 * Applications' moves on the platform (approved, returned, rejected with a reason), learnt from the platform's
 * answers the proxy passes on — the organizer's `changeCompetitionRequestState`, the athlete's list and page;
 * and new applications for their clubs' digests (`ClubApplications`).
 * Each move in a request's `state_history` is a notice once: its key is the request, the state and the instant
 * of the move, so any number of reads, by any instance, make one.
 */
@Injectable()
export class ApplicationNotices implements NoticeObserver {
  readonly scripts: ReadonlySet<string> = new Set([
    'script:changeCompetitionRequestState',
    'script:getApplicationById',
    'script:getMyRequestList',
    'script:getCompetitionRequests',
    'script:updateApplication',
    ...CLUB_APPLICATION_SCRIPTS,
    ...ORGANIZER_DOCUMENT_SCRIPTS,
  ]);
  /** Keys already written by this process: a list read again and again asks the store nothing new. */
  private readonly known = new Set<string>();

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    // Names the organization on its document notices; without it (some tests) the notice says «Организация».
    @Optional() @Inject(PlatformClient) private readonly platform: PlatformClient | null = null,
    // Records new applications for their clubs' digests; without it (some tests) no digest learns of them.
    @Optional() @Inject(ClubApplications) private readonly clubs: ClubApplications | null = null,
  ) {}

  async observe(answer: unknown, context?: { script: string; caller: Caller | null }): Promise<void> {
    const now = this.clock.now();
    const news = (at: string) => now - new Date(at).getTime() <= NEWS_WINDOW_MS;
    for (const request of requestsIn(answer)) {
      if (request.nomenclature_type !== 'competition') continue;
      for (const move of request.state_history) {
        if (!(move.to in applicationNoticeKinds) || !news(move.at)) continue;
        const draft = applicationMoved(
          request,
          move.to as keyof typeof applicationNoticeKinds,
          move.at,
          move.reason,
        );
        if (draft) await this.record(draft, null, now);
      }
    }
    // A new application (or one corrected after a return) is its event's organizers' news, told in a digest.
    if (context) await this.clubs?.observe(answer, context.script);
    // A document's review is the organizer's news; its documents reach nobody else through these scripts.
    const organizer = context?.caller;
    if (!context || !ORGANIZER_DOCUMENT_SCRIPTS.has(context.script) || !organizer?.organizationId) return;
    let name: string | null = null;
    for (const document of recordsIn(answer).filter(isDocument)) {
      for (const review of document.history) {
        if ((review.state !== 'accepted' && review.state !== 'returned') || !news(review.at)) continue;
        const key = `document_reviewed:${document.__id}:${review.state}:${review.at}`;
        if (this.known.has(key)) continue;
        name ??= await organizationNameOf(this.platform, organizer.organizationId);
        const draft = documentReviewed(document, organizer.organizationId, name, {
          state: review.state,
          at: review.at,
          reason: review.reason,
        });
        if (draft) await this.record(draft, organizer.loginId, now);
      }
    }
  }

  /** Writes a notice once (its key); `loginId` null: the login holding the recipient, looked up. */
  private async record(draft: NoticeDraft, loginId: string | null, now: number): Promise<void> {
    if (this.known.has(draft.dedupeKey)) return;
    const login = loginId ?? (await loginOf(this.db, draft.recipientId));
    await this.db.transaction().execute((trx) => recordNotice(trx, draft, login, now));
    if (this.known.size > 10_000) this.known.clear();
    this.known.add(draft.dedupeKey);
  }
}
