import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { platformScripts } from '@fed/contracts';
import { createRepresentativeFormSchema, NOT_ADULT_MESSAGE } from './representative-form';

const typed = { lastName: 'Соколова', firstName: 'Мария', middleName: '', noMiddleName: true };
const birthDateError = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.find((issue) => issue.path[0] === 'birthDate')?.message ?? null;

describe('the legal representative form', () => {
  const processZone = process.env['TZ'];
  afterEach(() => {
    if (processZone === undefined) delete process.env['TZ'];
    else process.env['TZ'] = processZone;
  });

  it.each(['UTC', 'Europe/Moscow', 'America/New_York'])(
    'takes someone whose 18th birthday it is in Moscow, from its first minute (TZ=%s)',
    (zone) => {
      process.env['TZ'] = zone;
      // 21:30 UTC on 1 December 2026: 00:30 on 2 December in Moscow.
      const schema = createRepresentativeFormSchema({ clock: fixedClock('2026-12-01T21:30:00Z') });
      const today = schema.safeParse({ ...typed, birthDate: '02.12.2008' });
      expect(birthDateError(today)).toBeNull();
      expect(today.data?.date_of_birth).toBe('2008-12-02');
      expect(birthDateError(schema.safeParse({ ...typed, birthDate: '03.12.2008' }))).toBe(NOT_ADULT_MESSAGE);
      expect(birthDateError(schema.safeParse({ ...typed, birthDate: '03.12.2026' }))).toBe(
        'Дата не может быть в будущем',
      );
    },
  );

  it('gives the body of createUpdateLegalRepresentative as spec §7 has it, and nothing more', () => {
    const schema = createRepresentativeFormSchema({ clock: fixedClock('2026-06-17T09:00:00Z') });
    const output = schema.parse({ ...typed, birthDate: '12.04.1985' });
    expect(output).toEqual({
      lastname: 'Соколова',
      firstname: 'Мария',
      middlename: '',
      date_of_birth: '1985-04-12',
    });
    // The platform's own check of the body takes it as it is: no athlete, no field beside the four.
    expect(platformScripts.createUpdateLegalRepresentative.input.safeParse(output).success).toBe(true);
  });

  it('takes someone born on 29 February as of age on 1 March of a common year', () => {
    const firstOfMarch = createRepresentativeFormSchema({ clock: fixedClock('2030-02-28T21:00:00Z') });
    expect(birthDateError(firstOfMarch.safeParse({ ...typed, birthDate: '29.02.2012' }))).toBeNull();
    const dayBefore = createRepresentativeFormSchema({ clock: fixedClock('2030-02-28T20:59:00Z') });
    expect(birthDateError(dayBefore.safeParse({ ...typed, birthDate: '29.02.2012' }))).toBe(
      NOT_ADULT_MESSAGE,
    );
  });
});
