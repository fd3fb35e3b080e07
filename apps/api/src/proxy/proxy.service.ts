import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { calendarDayOf, instantOf, isoDay, systemClock } from '@fed/calendar';
import { PLATFORM_NAMESPACE, platformApps } from '@fed/contracts';
import { ownIds, type Caller } from '../common/caller';
import { CLOCK, type Clock } from '../common/clock';
import { PAYMENTS_UNDER_WAY, type PaymentsUnderWay } from '../common/payments-under-way';
import { NOTICE_OBSERVER, type NoticeObserver } from '../notices/application-notices';
import { PlatformClient, platformStatusError, segment } from '../platform/platform-client';
import { jsonOf, upstreamFailure, type UpstreamAnswer } from '../platform/upstream-http';
import { applicantsIn, filterAnswer, filterRecordFields, type Viewer } from './answer-filter';
import { AnswerMemo, relaysAsIs } from './answer-relay';
import {
  matchPlatformUrl,
  PlatformAllowlist,
  proxyUrlParameter,
  type ProxyMethod,
  type ProxyTarget,
} from './platform-url';
import {
  checkAnswer,
  checkAudience,
  checkInput,
  checkUserIdHeader,
  organizedCompetitions,
  proxyPolicies,
  type OwnerLookups,
} from './proxy-policy';

export interface ProxyCall {
  method: ProxyMethod;
  /** The raw request target (`request.originalUrl`), whose `url` parameter names the platform path. */
  requestTarget: string;
  /** The parsed JSON body of a POST. */
  body: unknown;
  caller: Caller | null;
  /** The `userId` header, when sent. */
  userId: string | undefined;
}

export interface ProxyAnswer {
  status: number;
  /** The platform's JSON: its own bytes, or re-serialized when the answer filter took something out. */
  body: Buffer;
  /** Whether the answer depends on who asked (then it must not be cached by shared caches). */
  personal: boolean;
}

function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

/** Reads whose target is remembered; past it the oldest is forgotten. */
const READ_TARGETS_KEPT = 1000;
/** The context of a relayed answer in the memo: nothing but its bytes. */
const RELAYED = 'relayed';

/** Freezes a checked target, so that one kept for many requests cannot be changed by any of them. */
function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) frozen((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value;
}

/** The lookups of a path without ownership rules: never asked (`checkInput` and the rest go by the rules). */
const NO_LOOKUPS: OwnerLookups = {
  request: () => Promise.reject(new Error('no ownership rule asks for a request')),
  competitionOrganizers: () => Promise.reject(new Error('no ownership rule asks for organizers')),
  sale: () => Promise.reject(new Error('no ownership rule asks for a sale')),
  takeForChange: () => Promise.reject(new Error('no ownership rule takes a request')),
};

function ids(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * The GET/POST proxy to the platform: allowlist and input check (`platform-url`), audience and ownership
 * (`proxy-policy`), one upstream call with the server's own credentials (`PlatformClient`), then the answer
 * filter (`answer-filter`) on what comes back. Nothing of the caller's request but the validated input goes
 * upstream: no headers, no cookies; the `userId` header the platform gets is the caller's active user as the
 * api verified it (spec §7), never copied from the request.
 */
@Injectable()
export class ProxyService {
  private readonly logger = new Logger('Proxy');
  private allowlistOf: PlatformAllowlist | null = null;
  /**
   * Reads already checked, by request target: a read's target (allowlist match, validated input, upstream
   * path) is a function of its URL alone — the scripts' input schemas read no clock — so the same URL is
   * parsed and validated once, not per request. Refusals are not kept.
   */
  private readonly readTargets = new Map<string, ProxyTarget>();
  /** Reads' answers already worked out: relayed ones found to be JSON, guests' views (`AnswerMemo`). */
  private readonly answers = new AnswerMemo(READ_TARGETS_KEPT);

  constructor(
    private readonly platform: PlatformClient,
    // A proxy mounted without orders (some tests) has no payment under way to wait for.
    @Optional() @Inject(PAYMENTS_UNDER_WAY) private readonly payments: PaymentsUnderWay | null = null,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = systemClock,
    // Applications' moves become notices from the answers that carry them; a proxy without notices tells nobody.
    @Optional() @Inject(NOTICE_OBSERVER) private readonly notices: NoticeObserver | null = null,
  ) {}

  private get allowlist(): PlatformAllowlist {
    this.allowlistOf ??= new PlatformAllowlist(this.platform.options.extensions);
    return this.allowlistOf;
  }

  async handle(call: ProxyCall): Promise<ProxyAnswer> {
    const target = this.targetOf(call);
    const policy = proxyPolicies[target.key];
    checkAudience(policy, call.caller);
    checkUserIdHeader(call.caller, call.userId);
    const taken: string[] = [];
    // A path without ownership rules asks the platform nothing about owners.
    const lookups = policy.rules.length === 0 ? NO_LOOKUPS : this.lookups(taken);
    let answer: UpstreamAnswer;
    try {
      await checkInput(policy, target, call.caller, lookups);
      // Spec §7: every call names the active user; only the one the caller's token was checked against.
      answer = await this.platform.send(
        target.upstream.method,
        target.upstream.path,
        target.upstream.body,
        call.caller?.userId,
      );
    } finally {
      // The change is over, done or failed: a payment of the request may open again.
      for (const requestId of taken) {
        await this.payments
          ?.endRequestChange(requestId)
          .catch((error: unknown) =>
            this.logger.warn(`A request change was not given back (${String(error)}); it lapses by itself`),
          );
      }
    }
    if (answer.status < 200 || answer.status > 299) throw platformStatusError(answer);
    const personal = call.caller !== null || policy.audience !== 'guest';
    // Only reads are remembered: a write's answer depends on its body too.
    const memoKey = call.method === 'GET' && this.takesShortWays() ? call.requestTarget : null;
    if (this.takesShortWays() && relaysAsIs(policy)) {
      // Nothing of it is read: only whether it is JSON, which the same bytes were the last time.
      if (memoKey === null || this.answers.answerFor(memoKey, answer.body, RELAYED) === undefined) {
        if (jsonOf(answer) === undefined) {
          if (memoKey !== null) this.answers.forget(memoKey);
          throw upstreamFailure('Платформа', 'ответ не JSON');
        }
        if (memoKey !== null) this.answers.remember(memoKey, answer.body, RELAYED, answer.body);
      }
      return { status: answer.status, body: answer.body, personal };
    }
    const now = instantOf(this.clock);
    // What a guest sees of an answer is a function of its bytes and of today (who is a minor) alone: no owner,
    // no ownership rule (a guest passes none), so it is worked out once per answer and day.
    const guestKey = call.caller === null && policy.rules.length === 0 ? memoKey : null;
    const guestView = guestKey === null ? '' : `guest ${isoDay(calendarDayOf(now))}`;
    if (guestKey !== null) {
      const known = this.answers.answerFor(guestKey, answer.body, guestView);
      if (known !== undefined) return { status: answer.status, body: known, personal };
    }
    const json = jsonOf(answer);
    if (json === undefined) throw upstreamFailure('Платформа', 'ответ не JSON');
    await checkAnswer(policy, call.caller, json, lookups);
    // Before the answer filter cuts it down to what the caller may see: the move is the athlete's news.
    if (this.notices?.scripts.has(target.key)) {
      await this.notices
        .observe(json, { script: target.key, caller: call.caller })
        .catch((error: unknown) => this.logger.warn(`Notices not derived from an answer (${String(error)})`));
    }

    let body = answer.body;
    if (policy.answers !== 'noPersonRecords') {
      const organized = await organizedCompetitions(policy, target, call.caller, json, lookups);
      const viewer: Viewer = {
        ownIds: call.caller === null ? new Set() : ownIds(call.caller),
        applicantIds: applicantsIn(json, organized),
        now,
      };
      const recordId = policy.answers === 'recordFields' ? field(target.input, 'id') : undefined;
      const changed =
        typeof recordId === 'string'
          ? filterRecordFields(json, recordId, viewer)
          : filterAnswer(json, viewer);
      if (changed) body = Buffer.from(JSON.stringify(json));
    }
    if (guestKey !== null) this.answers.remember(guestKey, answer.body, guestView, body);
    return { status: answer.status, body, personal };
  }

  /**
   * Whether answers may skip being worked out: relayed unread (`relaysAsIs`), a guest's view remembered
   * (`AnswerMemo`). A test turns it off to compare them with the whole way.
   */
  protected takesShortWays(): boolean {
    return true;
  }

  private targetOf(call: ProxyCall): ProxyTarget {
    if (call.method !== 'GET') {
      return matchPlatformUrl(this.allowlist, call.method, proxyUrlParameter(call.requestTarget), call.body);
    }
    let target = this.readTargets.get(call.requestTarget);
    if (target === undefined) {
      target = frozen(
        matchPlatformUrl(this.allowlist, 'GET', proxyUrlParameter(call.requestTarget), undefined),
      );
      if (this.readTargets.size >= READ_TARGETS_KEPT) {
        const oldest = this.readTargets.keys().next().value;
        if (oldest !== undefined) this.readTargets.delete(oldest);
      }
      this.readTargets.set(call.requestTarget, target);
    }
    return target;
  }

  /** A JSON answer of an ownership lookup; `null` when the platform does not know the record (4xx). */
  private async lookup(path: string): Promise<unknown> {
    const answer: UpstreamAnswer = await this.platform.send('GET', path);
    if (answer.status >= 400 && answer.status < 500 && ![401, 403, 429].includes(answer.status)) return null;
    if (answer.status < 200 || answer.status > 299) throw platformStatusError(answer);
    const json = jsonOf(answer);
    if (json === undefined) throw upstreamFailure('Платформа', 'ответ не JSON');
    return json;
  }

  /** Owner lookups of one proxy call, each record asked at most once. */
  /** The lookups of one call; the requests it takes for a change are added to `taken`. */
  private lookups(taken: string[]): OwnerLookups {
    const memo = new Map<string, Promise<unknown>>();
    const once = (path: string) => {
      let pending = memo.get(path);
      if (pending === undefined) {
        pending = this.lookup(path);
        memo.set(path, pending);
      }
      return pending;
    };
    const item = async (app: string, id: string) =>
      field(await once(`/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/${segment(id)}/get`), 'item');
    const moduleId = () => this.platform.options.extensions.application;
    return {
      request: async (id) => {
        const data = segment(JSON.stringify({ id }));
        const answer = await once(`/api/extensions/${moduleId()}/script/getApplicationById?data=${data}`);
        const view = field(answer, 'data');
        if (typeof view !== 'object' || view === null) return null;
        return {
          sportsmanIds: ids(field(view, 'sportsman')),
          programIds: ids(field(view, 'programs')),
          competitionId: ids(field(view, 'competition'))[0] ?? null,
          paid: field(view, 'payment_status') === 'paid',
        };
      },
      competitionOrganizers: async (id) => {
        const record = await item(platformApps.competitions, id);
        return record === undefined ? null : ids(field(record, 'organizer'));
      },
      sale: async (id) => {
        const record = await item(platformApps.sales, id);
        if (record === undefined) return null;
        return {
          sportsmanIds: ids(field(record, 'sportsman')),
          paid: field(record, 'status') === 'paid',
          requestId: ids(field(record, 'request'))[0] ?? null,
        };
      },
      takeForChange: async (requestId) => {
        if (!this.payments) return { taken: true, paid: false };
        const took = await this.payments.beginRequestChange(requestId);
        if (took.taken) taken.push(requestId);
        return took;
      },
    };
  }
}
