import { addDays, compareDays } from '@fed/calendar';
import { platformApps, type RequestState } from '@fed/contracts';
import { programsOpenTo } from '../entries';
import {
  byYesterday,
  dayIn,
  made,
  type Athlete,
  type Competition,
  type Program,
  type SeedContext,
} from '../seed-context';
import { middayOf } from '../seed-values';

/** The states a request passed through to reach each state. */
const PATHS: Record<RequestState, RequestState[]> = {
  new: ['new'],
  under_review: ['new', 'under_review'],
  returned: ['new', 'under_review', 'returned'],
  approved: ['new', 'under_review', 'approved'],
  rejected: ['new', 'under_review', 'rejected'],
  paid: ['new', 'under_review', 'approved', 'paid'],
  cancelled: ['new', 'under_review', 'approved', 'paid', 'cancelled'],
};

const REASONS: Partial<Record<RequestState, string[]>> = {
  returned: [
    'Загрузите скан страхового полиса',
    'Уточните весовую категорию',
    'Нет медицинского допуска в заявке',
  ],
  rejected: [
    'Не подтверждён медицинский допуск',
    'Спортсмен не проходит по возрасту',
    'Заявка подана повторно',
  ],
};

const PAST_STATES: Array<[RequestState, number]> = [
  ['paid', 0.65],
  ['rejected', 0.08],
  ['cancelled', 0.12],
  ['approved', 0.15],
];

const UPCOMING_STATES: Array<[RequestState, number]> = [
  ['new', 0.25],
  ['under_review', 0.2],
  ['returned', 0.1],
  ['approved', 0.2],
  ['paid', 0.2],
  ['cancelled', 0.05],
];

/**
 * A request with the history of its state: entering a competition, buying its photos and videos, or a
 * membership. Returns its id.
 */
export function addRequest(
  context: SeedContext,
  athlete: Athlete,
  competition: Competition | null,
  state: RequestState,
  nomenclature: 'competition' | 'photo_video' | 'membership',
  programs: Program[] = [],
  cancelledEarly = false,
): string {
  const { prng, today } = context;
  const path =
    state === 'cancelled' && cancelledEarly ? (['new', 'cancelled'] as RequestState[]) : PATHS[state];
  // Made some days before the event's deadline (a membership: before today), or some days ago when that is not
  // yet past. Both are drawn whichever it is, so that the draws after do not depend on it.
  const beforeDeadline = prng.int(path.length + 2, 40);
  const daysAgo = prng.int(path.length + 1, 10);
  let day = competition
    ? dayIn(context, competition.deadlineInDays - beforeDeadline)
    : addDays(today, -beforeDeadline);
  if (compareDays(day, today) >= 0) day = addDays(today, -daysAgo);
  const createdAt = middayOf(day).toISOString();
  const history = path.map((to, step) => {
    const entry = {
      from: step === 0 ? null : (path[step - 1] as RequestState),
      to,
      at: middayOf(day).toISOString(),
      reason: REASONS[to] ? prng.pick(REASONS[to] as string[]) : null,
    };
    day = byYesterday(context, addDays(day, prng.int(1, 3)));
    return entry;
  });
  const last = history[history.length - 1];
  const cents =
    nomenclature === 'membership'
      ? 150_000
      : nomenclature === 'photo_video'
        ? 90_000
        : programs.reduce((sum, program) => sum + program.fee * 100, 0);
  const id = prng.uuid();
  context.items.add(platformApps.requests, {
    id,
    name:
      nomenclature === 'membership'
        ? `Членство: ${athlete.name}`
        : `${nomenclature === 'photo_video' ? 'Фото и видео' : 'Заявка'}: ${athlete.name} — ${competition?.name ?? ''}`,
    fields: {
      sportsman: [athlete.id],
      competition: competition ? [competition.id] : [],
      programs: programs.map((program) => program.id),
      requestState: state,
      nomenclature_type: nomenclature,
      payment_status:
        state === 'paid' ? 'paid' : state === 'cancelled' && path.includes('paid') ? 'refunded' : 'unpaid',
      fee: { cents, currency: 'RUB' },
      ...(last?.reason && (state === 'returned' || state === 'rejected') ? { reason: last.reason } : {}),
      state_history: history,
    },
    createdAt,
  });
  context.requestsByState[state] += 1;
  if (competition && nomenclature === 'competition') {
    const set = context.entered.get(competition.id) ?? new Set<string>();
    set.add(athlete.id);
    context.entered.set(competition.id, set);
  }
  return id;
}

/**
 * The results of the past events: the entries (approved or paid competition requests) of each program are given
 * places 1, 2, 3… in the order of their ids, which the generator made random; nothing more is drawn, so every
 * other row stays as it was.
 */
function seedResultPlaces(context: SeedContext): void {
  const pastEvents = new Set(
    [...context.competitions, ...Object.values(context.journeyEvents ?? {})]
      .filter((competition) => competition.startInDays < 0)
      .map((competition) => competition.id),
  );
  const entries = new Map<string, Array<{ id: string; fields: Record<string, unknown> }>>();
  for (const row of context.items.of(platformApps.requests)) {
    const fields = row.fields as {
      competition: string[];
      programs: string[];
      requestState: RequestState;
      nomenclature_type: string;
    };
    const [competitionId] = fields.competition;
    const [programId] = fields.programs;
    if (!row.id || !competitionId || !programId || !pastEvents.has(competitionId)) continue;
    if (fields.nomenclature_type !== 'competition' || !['approved', 'paid'].includes(fields.requestState))
      continue;
    entries.set(programId, [...(entries.get(programId) ?? []), { id: row.id, fields: row.fields }]);
  }
  for (const list of entries.values()) {
    list.sort((a, b) => a.id.localeCompare(b.id));
    list.forEach((entry, index) => {
      entry.fields['result_place'] = index + 1;
    });
  }
}

/**
 * Requests: the demo family's in many states on events that fit each of them, the expired athlete's membership
 * request, other members' requests to every generated event (one open event filled to its limit), membership
 * requests, and the journeys' events' requests in fixed states for the organizer to review.
 */
export function seedRequests(context: SeedContext): void {
  const { prng, athletes, competitions, entered } = context;
  const { parent, son, daughter, expired } = made(context.family, 'athletes');
  const { clubOpen, clubChildren, federationCup } = made(context.journeyEvents, 'journey events');
  const past = competitions.filter((competition) => competition.startInDays < 0);
  const upcoming = competitions.filter((competition) => competition.startInDays >= 0);
  const openUpcoming = upcoming.filter((competition) => competition.deadlineInDays >= 0);

  // The daughter has none: without a legal representative the platform takes no application of hers.
  const demoRequests: Array<[Athlete, Competition[], RequestState]> = [
    [parent, past, 'paid'],
    [parent, openUpcoming, 'approved'],
    [son, openUpcoming, 'returned'],
    [son, past, 'paid'],
    [parent, openUpcoming, 'new'],
    [son, past, 'rejected'],
    [son, openUpcoming, 'under_review'],
  ];
  for (const [athlete, pool, state] of demoRequests) {
    const competition = pool.find(
      (candidate) =>
        programsOpenTo(athlete, candidate).length > 0 && !entered.get(candidate.id)?.has(athlete.id),
    );
    if (competition)
      addRequest(
        context,
        athlete,
        competition,
        state,
        'competition',
        programsOpenTo(athlete, competition).slice(0, 1),
      );
  }
  addRequest(context, expired, null, 'approved', 'membership');

  const others = athletes.filter((athlete) => athlete !== parent && athlete !== son && athlete !== daughter);
  const drawState = (table: Array<[RequestState, number]>): RequestState => {
    let roll = prng.next();
    for (const [state, weight] of table) {
      if (roll < weight) return state;
      roll -= weight;
    }
    return (table[0] as [RequestState, number])[0];
  };
  // One upcoming event with open registration is filled to its limit, so "no places left" can be shown.
  const fullEvent = openUpcoming.find(
    (competition) => competition.placesLimit > 0 && competition.placesLimit <= 40,
  );
  for (const competition of competitions) {
    const isPast = competition.startInDays < 0;
    const wanted = competition === fullEvent ? competition.placesLimit : prng.int(6, 24);
    const limit = competition.placesLimit > 0 ? Math.min(wanted, competition.placesLimit) : wanted;
    let added = 0;
    for (const athlete of prng.sample(others, others.length)) {
      if (added >= limit) break;
      const programs = programsOpenTo(athlete, competition);
      if (programs.length === 0 || entered.get(competition.id)?.has(athlete.id)) continue;
      const state =
        competition === fullEvent
          ? prng.pick(['approved', 'paid', 'under_review'] as const)
          : drawState(isPast ? PAST_STATES : UPCOMING_STATES);
      addRequest(
        context,
        athlete,
        competition,
        state,
        'competition',
        programs.slice(0, prng.int(1, Math.min(2, programs.length))),
        prng.chance(0.5),
      );
      if (state !== 'cancelled' && state !== 'rejected') added += 1;
    }
    if (competition === fullEvent && added > 0 && added < competition.placesLimit) {
      // Fewer members may enter it than it was to hold: it holds as many as entered, full all the same.
      competition.placesLimit = added;
      const row = context.items.of(platformApps.competitions).find((item) => item.id === competition.id);
      if (row) row.fields['places_limit'] = added;
    }
  }
  for (const athlete of prng.sample(others, 24)) {
    addRequest(context, athlete, null, prng.pick(['new', 'approved', 'paid', 'paid'] as const), 'membership');
  }
  // The journeys' events get requests of other athletes in fixed states, for the organizer to review.
  const journeyStates: Array<[Competition, RequestState[]]> = [
    [clubOpen, ['new', 'new', 'new', 'under_review', 'under_review', 'under_review', 'returned', 'approved']],
    [clubChildren, ['new', 'new', 'under_review', 'under_review']],
    [federationCup, ['new', 'under_review', 'approved', 'paid']],
  ];
  for (const [competition, states] of journeyStates) {
    const queue = [...states];
    for (const athlete of prng.sample(others, others.length)) {
      const state = queue[0];
      if (state === undefined) break;
      const programs = programsOpenTo(athlete, competition);
      if (programs.length === 0) continue;
      addRequest(context, athlete, competition, state, 'competition', programs.slice(0, 1));
      queue.shift();
    }
  }
  seedResultPlaces(context);
}
