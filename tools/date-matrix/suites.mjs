/**
 * What the date matrix runs: the suites whose logic turns on the calendar (seasons, terms, reminders, "today",
 * ages, deadlines, the demo seed's layout), each project's files by path. A suite that starts to depend on the
 * date belongs here.
 */
export const DATE_SENSITIVE_SUITES = [
  { project: 'libs/calendar', files: ['src/'] },
  { project: 'libs/contracts', files: ['src/lib/platform/age.spec.ts'] },
  {
    project: 'libs/validation',
    files: ['src/lib/rules.spec.ts', 'src/lib/add-account.spec.ts', 'src/lib/person-fields.spec.ts'],
  },
  {
    project: 'libs/sandbox/elma',
    files: [
      'src/lib/services/memberships.spec.ts',
      'src/lib/services/eligibility.spec.ts',
      'src/lib/services/photo-video.spec.ts',
      'src/lib/services/age-classes.spec.ts',
      'src/lib/seed/demo-seed.spec.ts',
      'src/lib/seed/seed-values.spec.ts',
      // On the process clock: the twin seeded on the (moved) day, as a real platform runs on the real one.
      'src/lib/elma-twin.contract.spec.ts',
      'src/lib/elma-twin.rules.spec.ts',
      'src/lib/profiles.rules.spec.ts',
    ],
  },
  { project: 'libs/sandbox/yookassa', files: ['src/lib/http/checkout.spec.ts'] },
  {
    project: 'apps/api',
    files: [
      'src/orders/membership-reminders.spec.ts',
      'src/sms/quiet-hours.spec.ts',
      'src/media/zip-stream.spec.ts',
      'src/proxy/answer-filter.spec.ts',
      // On the process clock: who is a minor today, through the proxy over the twin seeded today.
      'src/proxy/answer-privacy.spec.ts',
    ],
  },
  // The portal's date logic (pure functions; the pages that use them stand on fixed clocks in their own suites, and
  // a bare read of the process clock in them is refused by lint).
  { project: 'libs/ui-kit', files: ['src/lib/event-dates.spec.ts'] },
  {
    project: 'libs/competitions',
    files: ['src/model/event-status.spec.ts', 'src/organizer/model/competition-form.spec.ts'],
  },
  { project: 'libs/profile', files: ['src/own/model/'] },
  { project: 'libs/auth-session', files: ['src/model/token-claims.spec.ts'] },
  { project: 'apps/portal', files: ['src/layouts/footer.spec.tsx'] },
];

/**
 * The instants: where a season, a month, a reminder period or a Moscow day turns, and plain days either side.
 * UTC; each runs under both zones of `ZONES`.
 */
export const INSTANTS = [
  ['2026-11-27T12:00:00Z', 'late November, before the reminder period'],
  ['2026-12-01T20:30:00Z', '23:30 on 1 December in Moscow: the reminder period opens in half an hour'],
  ['2026-12-01T21:30:00Z', '00:30 on 2 December in Moscow, still 1 December in UTC: the period has begun'],
  ['2026-12-20T12:00:00Z', 'in the reminder period: the next season is sold'],
  ['2026-12-31T21:30:00Z', '00:30 on 1 January in Moscow, still 31 December in UTC'],
  ['2027-02-28T12:00:00Z', 'the last day of February of a common year'],
  ['2028-02-29T12:00:00Z', 'a leap day'],
  ['2027-07-17T12:00:00Z', 'midsummer, a Saturday'],
  ['2027-07-19T12:00:00Z', 'midsummer, a Monday'],
];

/** The server's zone: a machine in UTC, and one in Moscow. */
export const ZONES = ['UTC', 'Europe/Moscow'];
