import { addDays, calendarDayOf, compareDays, type CalendarDay } from '@fed/calendar';
import { platformApps, type PlatformAppCode, type RequestState } from '@fed/contracts';
import type { ItemsRepository, NewItem } from '../core/items.repository';
import type { FilesService } from '../services/files.service';
import type { CityInfo } from './dictionary';
import type { DemoSeedSize } from './demo-size';
import { Prng } from './prng';
import { middayOf, type Gender } from './seed-values';

/** Where a seed writes: the twin's items and disk, at the twin's clock. */
export interface SeedTarget {
  items: ItemsRepository;
  files: FilesService;
  now: Date;
}

export interface AgeClassSeed {
  id: string;
  code: string;
  nazvanie: string;
  sortirovka: number;
  age_from: number | null;
  age_to: number | null;
}

export interface Organization {
  id: string;
  name: string;
  city: CityInfo;
  coach: string;
}

/**
 * An athlete as the draws made them. Their age is kept as the draws gave it (full years on the seed's today and
 * days since the last birthday), so that who may enter what is decided from the draws alone.
 */
export interface Athlete {
  id: string;
  name: string;
  gender: Gender;
  /** Full years on the seed's today. */
  age: number;
  /** Days from the last birthday to the seed's today (0–364). */
  daysSinceBirthday: number;
  birthDay: CalendarDay;
  /** `date_of_birth` as written. */
  birth: string;
  /** Days from the seed's today to the last day of the membership term; `null`: never a member. */
  termInDays: number | null;
  /** `term_membership` as written. */
  term: string | null;
  hasRepresentative: boolean;
}

export interface Program {
  id: string;
  name: string;
  gender: Gender | null;
  ageClass: AgeClassSeed;
  fee: number;
}

export interface Competition {
  id: string;
  name: string;
  /** Days from the seed's today to the first day. */
  startInDays: number;
  start: Date;
  /** Days from the seed's today to the last day of registration. */
  deadlineInDays: number;
  deadline: Date;
  placesLimit: number;
  fee: number;
  photoVideo: boolean;
  programs: Program[];
}

/** The demo people the journeys sign in as (`demoFamily`, `demoAthleteExpired`). */
export interface DemoFamily {
  parent: Athlete;
  son: Athlete;
  daughter: Athlete;
  expired: Athlete;
}

/** The journeys' events (`demoCompetitions`). */
export interface JourneyEvents {
  clubOpen: Competition;
  clubChildren: Competition;
  federationCup: Competition;
}

/**
 * The order the seed's rows are written in. It fixes each row's `seq` (the order lists fall back on), so it is
 * the order the seed has always written them in, whatever order the steps make them.
 */
const WRITE_ORDER: readonly PlatformAppCode[] = [
  platformApps.ageClasses,
  platformApps.offer,
  platformApps.sportsman,
  platformApps.legalRepresentatives,
  platformApps.competitions,
  platformApps.programs,
  platformApps.requests,
  platformApps.sales,
  platformApps.memberships,
  platformApps.competitionDocuments,
  platformApps.settings,
];

/** The rows the steps make, by app, written in `WRITE_ORDER` once every step has run. */
export class SeedItems {
  private readonly byApp = new Map<PlatformAppCode, NewItem[]>(WRITE_ORDER.map((app) => [app, []]));

  add(app: PlatformAppCode, ...items: NewItem[]): void {
    const rows = this.byApp.get(app);
    if (!rows) throw new Error(`the demo seed writes no ${app} items`);
    rows.push(...items);
  }

  of(app: PlatformAppCode): readonly NewItem[] {
    return this.byApp.get(app) ?? [];
  }

  writeTo(repository: ItemsRepository): void {
    for (const [app, rows] of this.byApp) {
      if (rows.length > 0) repository.insertMany(app, rows);
    }
  }
}

/**
 * What the demo seed's steps share: one generator drawn from in step order (a step that draws more or earlier
 * changes every later row), the clock, the rows made so far, and what earlier steps made for later ones.
 */
export interface SeedContext {
  readonly prng: Prng;
  readonly now: Date;
  /**
   * The federation's (Moscow) day of `now`: events, deadlines, memberships and birthdays are whole days from it,
   * at the federation's wall times, so the hour the seed runs at changes no row but its own moment.
   */
  readonly today: CalendarDay;
  /** The creation date of what the federation had long before the demo (age classes, offers, itself). */
  readonly longAgo: string;
  readonly size: DemoSeedSize;
  readonly files: FilesService;
  readonly items: SeedItems;

  ageClasses: AgeClassSeed[];
  /** The clubs, the demo club first; the federation is not among them. */
  organizations: Organization[];
  athletes: Athlete[];
  family?: DemoFamily;
  minorsWithoutRepresentative: number;
  /** The generated events (not the journeys' ones). */
  competitions: Competition[];
  journeyEvents?: JourneyEvents;
  /** Who already has a competition request to an event, by event id: one request per athlete and event. */
  entered: Map<string, Set<string>>;
  requestsByState: Record<RequestState, number>;
}

/** One step of the demo seed: reads what earlier steps made and adds its own rows and products. */
export type SeedStep = (context: SeedContext) => void;

export function createSeedContext(
  target: Pick<SeedTarget, 'files' | 'now'>,
  size: DemoSeedSize,
  seed: number,
): SeedContext {
  const today = calendarDayOf(target.now);
  return {
    prng: new Prng(seed),
    now: target.now,
    today,
    longAgo: middayOf(addDays(today, -400)).toISOString(),
    size,
    files: target.files,
    items: new SeedItems(),
    ageClasses: [],
    organizations: [],
    athletes: [],
    minorsWithoutRepresentative: 0,
    competitions: [],
    entered: new Map(),
    requestsByState: {
      new: 0,
      under_review: 0,
      returned: 0,
      approved: 0,
      rejected: 0,
      paid: 0,
      cancelled: 0,
    },
  };
}

/** Days from the seed's today to `days` later (or earlier, when negative). */
export const dayIn = (context: Pick<SeedContext, 'today'>, days: number): CalendarDay =>
  addDays(context.today, days);

/**
 * The day, or the day before the seed's today when it is not yet past: what the demo says happened (was
 * created, applied for, paid) happened by yesterday, whatever the hour the seed runs at.
 */
export function byYesterday(context: Pick<SeedContext, 'today'>, day: CalendarDay): CalendarDay {
  const yesterday = addDays(context.today, -1);
  return compareDays(day, yesterday) > 0 ? yesterday : day;
}

/** What a step needs of an earlier one; a step run out of order fails here, naming what is missing. */
export function made<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the demo seed's ${what} step has not run yet`);
  return value;
}
