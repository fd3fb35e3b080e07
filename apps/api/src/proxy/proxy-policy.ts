import {
  ATHLETE_REQUEST_STATES,
  ORGANIZER_REQUEST_STATES,
  orderErrorCodes,
  platformApps,
  type RequestState,
} from '@fed/contracts';
import { ApiException } from '../common/api-exception.filter';
import { ownIds, type Caller } from '../common/caller';
import type { ProxyTarget, ProxyTargetKey } from './platform-url';

/**
 * Who may call each allowed platform path, and which ids in its input (or answer) must belong to the
 * caller. Data, not code: one row per target of the allowlist (the type makes the table complete).
 *
 * Audiences: `guest` anyone; `signedIn` a valid access token; `organization` a token whose active role
 * is organization. Ownership rules name input fields; rules that need the platform to say who owns a
 * record (`requestParty`, `requestAthlete`, `competitionOrganizer`, `saleOwner`, `requestVisible`) use
 * {@link OwnerLookups}.
 */

export type Audience = 'guest' | 'signedIn' | 'organization';

export type OwnershipRule =
  /** `input[field]` is one of the caller's athletes. */
  | { kind: 'ownSportsman'; field: string }
  /** `input[field]` is one of the caller's own records (athletes or organization). */
  | { kind: 'ownRecord'; field: string }
  /** Every id of the list `input[field]` is one of the caller's own records. */
  | { kind: 'ownRecords'; field: string }
  /** `input[field]` is the caller's organization. */
  | { kind: 'ownOrganization'; field: string }
  /** `input[field]` is the caller's login (the access token's `sub`): who gave a consent. */
  | { kind: 'callerLogin'; field: string }
  /** `input[field]` is one of `values` (the apps a record read may name). */
  | { kind: 'oneOf'; field: string; values: readonly string[] }
  /**
   * The caller's active user (the verified `userId` header, else the token's own: what the proxy sends the
   * platform as `userId`) is one of the caller's athletes: the platform acts for it, the input names nobody.
   */
  | { kind: 'activeAthlete'; message: string }
  /**
   * `input[idField]` names a competition request one of the caller's athletes made. `notWhilePaying`: refused
   * while the request's payment is under way (the change would alter what is being paid).
   * `programsKeptOncePaid`: other programs (`input.programIds`) are refused once the request is paid — its fee
   * would change after the money was taken; the way is a withdrawal with its refund and a new application.
   */
  | { kind: 'requestAthlete'; idField: string; notWhilePaying?: boolean; programsKeptOncePaid?: boolean }
  /** `input[field]` names a competition the caller's organization organizes. */
  | { kind: 'competitionOrganizer'; field: string }
  /**
   * `input[idField]` names a competition request; the caller is a party to it either as the athlete
   * (one of the caller's athletes applied) or as the organizer (the caller's organization organizes the
   * competition), and `input[stateField]` is a state that party may set.
   */
  | {
      kind: 'requestParty';
      idField: string;
      stateField: string;
      athleteStates: readonly RequestState[];
      organizerStates: readonly RequestState[];
      /**
       * States a PAID request never reaches this way: its fee goes back first, through the orders API
       * (`POST /api/orders/requests/{id}/refund`), which refunds and then moves it on the platform. Nor does an
       * unpaid one while its payment is under way: the payment might complete for a withdrawn request.
       */
      refundFirstStates: readonly RequestState[];
    }
  /**
   * `input[idField]` names a photo/video sale of one of the caller's athletes. `refundFirst`: a PAID sale is
   * not cancelled this way: its money goes back first, through the orders API's refund of its request.
   * `notWhilePaying`: refused while the sale's payment is under way.
   */
  | { kind: 'saleOwner'; idField: string; refundFirst?: boolean; notWhilePaying?: boolean }
  /** The answer (`data`, a request view) concerns one of the caller's athletes or competitions. */
  | { kind: 'requestVisible' }
  /**
   * `runBP` (`create_sportsman` of the `sportsman` app): only with an update context, of the caller's own
   * organization or of its own athletes (and their linked accounts); a new athlete's context is refused.
   */
  | { kind: 'ownProfileProcess' };

export interface PathPolicy {
  audience: Audience;
  rules: readonly OwnershipRule[];
  /**
   * `noPersonRecords`: the path's answers are catalogue data (events, programs, age classes, documents) that
   * hold no record of a person or organization, so the answer filter need not walk them. `recordFields`: the
   * answer's `fieldsData` is the record `input.id` (a record read by fields), judged as that record whatever fields
   * were asked. Without it, every answer is walked: a new path is private by default.
   */
  answers?: 'noPersonRecords' | 'recordFields';
}

const guest: PathPolicy = { audience: 'guest', rules: [] };
/** Public catalogue reads: events, programs, age classes, offer documents. */
const catalogue: PathPolicy = { audience: 'guest', rules: [], answers: 'noPersonRecords' };
/** The organizer's own competition: its requests and documents. */
const organizerOf = (field: string): PathPolicy => ({
  audience: 'organization',
  rules: [{ kind: 'competitionOrganizer', field }],
});

export const proxyPolicies: Readonly<Record<ProxyTargetKey, PathPolicy>> = {
  'script:getEvents': catalogue,
  'script:getEventById': catalogue,
  'script:getEventPrograms': catalogue,
  'script:getSportsmen': guest,
  'script:getOrganizations': guest,
  'script:getPublicProfile': guest,
  'script:getOrganizationProfile': guest,
  'script:setPublishConsent': {
    audience: 'signedIn',
    rules: [
      { kind: 'ownSportsman', field: 'sportsmanId' },
      { kind: 'callerLogin', field: 'givenBy' },
    ],
  },
  'script:getAgeClasses': catalogue,
  'script:getOfferDocument': catalogue,
  'script:getApplicationById': { audience: 'signedIn', rules: [{ kind: 'requestVisible' }] },
  'script:createApplication': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:getApplicationEligibility': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:updateApplication': {
    audience: 'signedIn',
    rules: [
      { kind: 'requestAthlete', idField: 'requestId', notWhilePaying: true, programsKeptOncePaid: true },
    ],
  },
  'script:getCompetitionRequests': organizerOf('competitionId'),
  'script:getCompetitionDocuments': organizerOf('competitionId'),
  'script:submitCompetitionDocument': organizerOf('competitionId'),
  'script:createCompetition': {
    audience: 'organization',
    rules: [{ kind: 'ownOrganization', field: 'organizerId' }],
  },
  'script:changeCompetitionRequestState': {
    audience: 'signedIn',
    rules: [
      {
        kind: 'requestParty',
        idField: 'requestId',
        stateField: 'requestState',
        athleteStates: ATHLETE_REQUEST_STATES,
        organizerStates: ORGANIZER_REQUEST_STATES,
        refundFirstStates: ['cancelled', 'rejected'],
      },
    ],
  },
  'script:cancelSales': {
    audience: 'signedIn',
    rules: [{ kind: 'saleOwner', idField: 'saleId', refundFirst: true, notWhilePaying: true }],
  },
  'script:getPhotoVideoOffer': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:createPhotoVideoSales': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:getPhotoVideoSale': { audience: 'signedIn', rules: [{ kind: 'saleOwner', idField: 'saleId' }] },
  'script:updatePhotoVideoSale': {
    audience: 'signedIn',
    rules: [{ kind: 'saleOwner', idField: 'saleId', notWhilePaying: true }],
  },
  'script:getMyRequestList': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanID' }],
  },
  'script:getMySales': { audience: 'signedIn', rules: [{ kind: 'ownSportsman', field: 'sportsmanID' }] },
  'script:getMembershipStatus': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:createMembershipRequest': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:getMembershipReminders': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'script:runBP': { audience: 'signedIn', rules: [{ kind: 'ownProfileProcess' }] },
  'script:getRecordFields': {
    audience: 'signedIn',
    rules: [
      { kind: 'oneOf', field: 'application', values: [platformApps.sportsman] },
      { kind: 'ownRecord', field: 'id' },
    ],
    answers: 'recordFields',
  },
  'script:getUsersByElmaUserId': {
    audience: 'signedIn',
    rules: [{ kind: 'ownRecords', field: 'userIds' }],
  },
  'script:createUpdateLegalRepresentative': {
    audience: 'signedIn',
    rules: [{ kind: 'activeAthlete', message: 'Законного представителя указывают для спортсмена' }],
  },
  'script:getLegalRepresentative': {
    audience: 'signedIn',
    rules: [{ kind: 'ownSportsman', field: 'sportsmanId' }],
  },
  'app:competitions:get': catalogue,
  'app:competitions:list': catalogue,
  'app:programs:get': catalogue,
  'app:programs:list': catalogue,
  'app:vozrastnye_klassy:get': catalogue,
  'app:vozrastnye_klassy:list': catalogue,
  'app:offer:get': catalogue,
  'app:offer:list': catalogue,
  'app:sportsman:get': { audience: 'signedIn', rules: [{ kind: 'ownRecord', field: 'id' }] },
};

/** What the platform says about who owns a record; `null` when it does not know the record. */
export interface OwnerLookups {
  /** The athletes and the competition of a competition request. */
  request(id: string): Promise<{
    sportsmanIds: readonly string[];
    competitionId: string | null;
    paid: boolean;
    programIds: readonly string[];
  } | null>;
  /** The organizers of a competition. */
  competitionOrganizers(id: string): Promise<readonly string[] | null>;
  /** The athletes of a photo/video sale, whether it is paid, and the request that pays it. */
  sale(
    id: string,
  ): Promise<{ sportsmanIds: readonly string[]; paid: boolean; requestId: string | null } | null>;
  /**
   * Takes the request for the change this call makes, unless a payment of it is under way (`taken: false`); the
   * proxy gives it back once the platform answered. `paid`: the orders know it paid (the platform may not yet).
   * Always taken and unpaid without orders.
   */
  takeForChange(requestId: string): Promise<{ taken: boolean; paid: boolean }>;
}

function forbidden(message = 'Нет доступа к этим данным'): never {
  throw new ApiException(403, { code: 'forbidden', message });
}

/** A change to what a payment under way is paying for waits until the provider says how it ended. */
async function refuseWhilePaying(
  requestId: string | null,
  lookups: OwnerLookups,
): Promise<{ paid: boolean }> {
  if (requestId === null) return { paid: false };
  const took = await lookups.takeForChange(requestId);
  if (took.taken) return { paid: took.paid };
  throw new ApiException(409, {
    code: orderErrorCodes.inProgress,
    message:
      'Заказ уже оплачивается: изменить его можно, когда оплата завершится или будет отменена. Завершите оплату или попробуйте позже',
  });
}

function field(input: unknown, name: string): unknown {
  return typeof input === 'object' && input !== null ? (input as Record<string, unknown>)[name] : undefined;
}

function stringsOf(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The audience check: 401 for a guest on a signed-in path, 403 for the wrong role. */
export function checkAudience(policy: PathPolicy, caller: Caller | null): void {
  if (policy.audience === 'guest') return;
  if (caller === null) {
    throw new ApiException(401, { code: 'unauthorized', message: 'Войдите, чтобы продолжить' });
  }
  if (policy.audience === 'organization' && caller.contractorType !== 'organization') {
    forbidden('Доступно только организациям');
  }
}

/** The `userId` header, when sent, names one of the caller's own records (a guest has none). */
export function checkUserIdHeader(caller: Caller | null, userId: string | undefined): void {
  if (userId === undefined) return;
  if (caller === null || !ownIds(caller).has(userId)) forbidden('userId не принадлежит вам');
}

async function isOrganizerOf(caller: Caller, competitionId: string | null, lookups: OwnerLookups) {
  if (caller.organizationId === null || competitionId === null) return false;
  const organizers = await lookups.competitionOrganizers(competitionId);
  return organizers?.includes(caller.organizationId) ?? false;
}

function checkProfileProcess(caller: Caller, input: unknown): void {
  const context = field(input, 'context');
  const kind = field(context, 'contractortype');
  // A context without a kind is a new athlete's: accounts are made by the api's registration alone.
  if (kind !== 'organization' && kind !== 'sportsman') forbidden('Новые аккаунты создаются через /api/auth');
  const id = field(context, 'id');
  if (kind === 'organization') {
    if (caller.organizationId === null || id !== caller.organizationId) forbidden();
    return;
  }
  const athletes = new Set(caller.sportsmanIds);
  if (typeof id !== 'string' || !athletes.has(id)) forbidden();
  if (!stringsOf(field(context, 'sportsman')).every((linked) => athletes.has(linked))) forbidden();
  const loginUser = field(context, 'backendusrid');
  if (loginUser !== undefined && loginUser !== caller.loginId) forbidden();
}

/** Ownership rules decided before forwarding (possibly after asking the platform). */
export async function checkInput(
  policy: PathPolicy,
  target: ProxyTarget,
  caller: Caller | null,
  lookups: OwnerLookups,
): Promise<void> {
  for (const rule of policy.rules) {
    if (rule.kind === 'requestVisible') continue;
    if (caller === null) forbidden();
    const input = target.input;
    switch (rule.kind) {
      case 'ownSportsman': {
        const id = field(input, rule.field);
        if (typeof id !== 'string' || !caller.sportsmanIds.includes(id)) forbidden();
        break;
      }
      case 'ownRecord': {
        const id = field(input, rule.field);
        if (typeof id !== 'string' || !ownIds(caller).has(id)) forbidden();
        break;
      }
      case 'ownRecords': {
        const own = ownIds(caller);
        const value = field(input, rule.field);
        if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && own.has(id))) forbidden();
        break;
      }
      case 'ownOrganization': {
        const id = field(input, rule.field);
        if (caller.organizationId === null || id !== caller.organizationId) forbidden();
        break;
      }
      case 'callerLogin':
        if (field(input, rule.field) !== caller.loginId) forbidden('Согласие даёт только владелец входа');
        break;
      case 'oneOf': {
        const value = field(input, rule.field);
        if (typeof value !== 'string' || !rule.values.includes(value)) forbidden();
        break;
      }
      case 'activeAthlete':
        if (!caller.sportsmanIds.includes(caller.userId)) forbidden(rule.message);
        break;
      case 'requestAthlete': {
        const id = field(input, rule.idField);
        if (typeof id !== 'string') forbidden();
        const request = await lookups.request(id);
        if (request === null || !request.sportsmanIds.some((owner) => caller.sportsmanIds.includes(owner))) {
          forbidden();
        }
        // Taken first, so that the check of what is paid and the change are one step for the orders.
        const paidHere = rule.notWhilePaying ? (await refuseWhilePaying(id, lookups)).paid : false;
        if (rule.programsKeptOncePaid && (request.paid || paidHere)) {
          const asked = field(input, 'programIds');
          const same =
            !Array.isArray(asked) ||
            (asked.length === request.programIds.length &&
              asked.every((program) => request.programIds.includes(String(program))));
          if (!same) {
            forbidden(
              'Заявка оплачена: чтобы сменить программы, отмените её с возвратом взноса и подайте новую',
            );
          }
        }
        break;
      }
      case 'competitionOrganizer': {
        const id = field(input, rule.field);
        if (typeof id !== 'string' || !(await isOrganizerOf(caller, id, lookups))) forbidden();
        break;
      }
      case 'requestParty': {
        const id = field(input, rule.idField);
        const state = field(input, rule.stateField) as RequestState;
        if (typeof id !== 'string') forbidden();
        const request = await lookups.request(id);
        if (request === null) forbidden();
        const athlete = request.sportsmanIds.some((owner) => caller.sportsmanIds.includes(owner));
        const organizer =
          !(athlete && rule.athleteStates.includes(state)) &&
          (await isOrganizerOf(caller, request.competitionId, lookups));
        const party =
          (athlete && rule.athleteStates.includes(state)) ||
          (organizer && rule.organizerStates.includes(state));
        if (!party)
          forbidden(athlete || organizer ? 'Вы не можете перевести заявку в это состояние' : undefined);
        if (rule.refundFirstStates.includes(state)) {
          if (request.paid)
            forbidden('Заявка оплачена: отменить или отклонить её можно только с возвратом взноса');
          await refuseWhilePaying(id, lookups);
        }
        break;
      }
      case 'saleOwner': {
        const id = field(input, rule.idField);
        if (typeof id !== 'string') forbidden();
        const sale = await lookups.sale(id);
        if (sale === null || !sale.sportsmanIds.some((owner) => caller.sportsmanIds.includes(owner)))
          forbidden();
        if (rule.refundFirst && sale.paid) {
          forbidden('Заказ оплачен: отменить его можно только с возвратом денег');
        }
        if (rule.notWhilePaying && !sale.paid) await refuseWhilePaying(sale.requestId, lookups);
        break;
      }
      case 'ownProfileProcess':
        checkProfileProcess(caller, input);
        break;
    }
  }
}

/**
 * The competitions this call proved the caller organizes (an ownership rule checked it): the athletes of the
 * requests to them in the answer applied to the caller's events.
 */
export async function organizedCompetitions(
  policy: PathPolicy,
  target: ProxyTarget,
  caller: Caller | null,
  answer: unknown,
  lookups: OwnerLookups,
): Promise<Set<string>> {
  const organized = new Set<string>();
  if (caller === null || caller.organizationId === null) return organized;
  for (const rule of policy.rules) {
    let competitionId: string | null = null;
    if (rule.kind === 'competitionOrganizer') {
      const id = field(target.input, rule.field);
      competitionId = typeof id === 'string' ? id : null;
    } else if (rule.kind === 'requestVisible') {
      [competitionId = null] = stringsOf(field(field(answer, 'data'), 'competition'));
    } else if (rule.kind === 'requestParty') {
      const id = field(target.input, rule.idField);
      competitionId = typeof id === 'string' ? ((await lookups.request(id))?.competitionId ?? null) : null;
    }
    if (competitionId !== null && (await isOrganizerOf(caller, competitionId, lookups))) {
      organized.add(competitionId);
    }
  }
  return organized;
}

/** Ownership rules decided on the platform's answer, before it reaches the caller. */
export async function checkAnswer(
  policy: PathPolicy,
  caller: Caller | null,
  answer: unknown,
  lookups: OwnerLookups,
): Promise<void> {
  for (const rule of policy.rules) {
    if (rule.kind !== 'requestVisible') continue;
    if (caller === null) forbidden();
    const data = field(answer, 'data');
    const athletes = stringsOf(field(data, 'sportsman'));
    if (athletes.some((owner) => caller.sportsmanIds.includes(owner))) continue;
    const [competitionId = null] = stringsOf(field(data, 'competition'));
    if (await isOrganizerOf(caller, competitionId, lookups)) continue;
    forbidden();
  }
}
