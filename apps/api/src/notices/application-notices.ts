import { Inject, Injectable } from '@nestjs/common';
import type { RequestView } from '@fed/contracts';
import { CLOCK, type Clock } from '../common/clock';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { applicationMoved, applicationNoticeKinds } from './notice-drafts';
import { loginOf, recordNotice } from './notices-store';

/** What the proxy tells of the platform's answers it passed on (the api learns platform-side changes there). */
export interface NoticeObserver {
  /** Scripts whose answers carry applications; the proxy tells only of these. */
  readonly scripts: ReadonlySet<string>;
  observe(answer: unknown): Promise<void>;
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

/** The requests an answer carries: `data` (one), `result` (a list). */
function requestsIn(answer: unknown): ObservedRequest[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const { data, result } = answer as { data?: unknown; result?: unknown };
  return [data, ...(Array.isArray(result) ? result : [])].filter(isRequest);
}

/**
 * Applications' moves on the platform (approved, returned, rejected with a reason), learnt from the platform's
 * answers the proxy passes on — the organizer's `changeCompetitionRequestState`, the athlete's list and page.
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
  ]);
  /** Keys already written by this process: a list read again and again asks the store nothing new. */
  private readonly known = new Set<string>();

  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async observe(answer: unknown): Promise<void> {
    const now = this.clock.now();
    for (const request of requestsIn(answer)) {
      if (request.nomenclature_type !== 'competition') continue;
      for (const move of request.state_history) {
        if (!(move.to in applicationNoticeKinds)) continue;
        const at = new Date(move.at).getTime();
        if (!(now - at <= NEWS_WINDOW_MS)) continue;
        const draft = applicationMoved(
          request,
          move.to as keyof typeof applicationNoticeKinds,
          move.at,
          move.reason,
        );
        if (!draft || this.known.has(draft.dedupeKey)) continue;
        const loginId = await loginOf(this.db, draft.recipientId);
        await this.db.transaction().execute((trx) => recordNotice(trx, draft, loginId, now));
        if (this.known.size > 10_000) this.known.clear();
        this.known.add(draft.dedupeKey);
      }
    }
  }
}
