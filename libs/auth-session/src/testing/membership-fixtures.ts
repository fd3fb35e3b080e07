import { seasonEnd } from '@fed/calendar';
import type { MembershipStatus } from '@fed/contracts';

/** A season's term as the platform writes it: to 31 December, 23:59:59 Moscow time. */
export const seasonTermUntil = (season: number) => seasonEnd(season).toISOString();

/**
 * An athlete's membership as `getMembershipStatus` answers it on the test clock's day (`DEFAULT_TEST_INSTANT`,
 * June 2026): the term ended with season 2025, a calendar-year rule, every requirement met, season 2026 on offer
 * and no event asked about, unless `overrides` say otherwise.
 */
export function membershipStatusFixture(overrides: Partial<MembershipStatus> = {}): MembershipStatus {
  const season = overrides.season ?? 2026;
  return {
    sportsmanId: 'sp-1',
    termUntil: seasonTermUntil(2025),
    active: false,
    membershipNumber: null,
    rule: 'calendar_year',
    ruleText: 'Членство оформляется на сезон — календарный год — и действует до 31 декабря этого года',
    fee: { cents: 150_000, currency: 'RUB' },
    season,
    seasonNote: null,
    offeredTermUntil: seasonTermUntil(season),
    seasonChoices: [{ season, termUntil: seasonTermUntil(season) }],
    event: null,
    requirements: [
      { code: 'athlete', met: true, title: 'Членство оформляет спортсмен', message: null },
      { code: 'photo', met: true, title: 'Фотография в профиле', message: null },
    ],
    canApply: true,
    reasons: [],
    openRequestId: null,
    ...overrides,
  };
}
