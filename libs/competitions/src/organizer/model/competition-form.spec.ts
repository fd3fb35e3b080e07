import { afterEach, describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import {
  createCompetitionFormSchema,
  emptyCompetition,
  emptyProgram,
  type CompetitionFormValues,
} from './competition-form';

// 15 March 2030, mid-afternoon in Moscow: "today" for every case below.
const schema = createCompetitionFormSchema({ clock: fixedClock('2030-03-15T12:30:00Z') });

const kazan = {
  value: 'г Казань, ул Баумана, д 1',
  data: { city: 'Казань', settlement: null, geo_lat: '55.7887', geo_lon: '49.1166' },
};

const womensKumite = {
  discipline: 'kumite',
  programType: 'individual',
  gender: 'female',
  ageClassId: 'ac-1',
  weightCategory: ' -55 кг ',
  feeRub: '1500',
} as const;

const valid: CompetitionFormValues = {
  name: '  Кубок Казани  ',
  description: 'Открытый турнир',
  dateStart: '20.04.2030',
  dateEnd: '21.04.2030',
  registrationDeadline: '10.04.2030',
  place: kazan,
  level: 'regional',
  placesLimit: '0',
  photoVideoSale: true,
  poster: 'file-1',
  programs: [
    womensKumite,
    { ...emptyProgram, discipline: 'kata', programType: 'individual', ageClassId: 'ac-2', feeRub: '0' },
  ],
};

function errors(values: CompetitionFormValues): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const found: Record<string, string> = {};
  for (const issue of result.error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

describe('the competition creation form', () => {
  it('gives the createCompetition input: ISO dates, the city of the address, numbers, null for "all genders"', () => {
    expect(schema.parse(valid)).toEqual({
      name: 'Кубок Казани',
      description: 'Открытый турнир',
      dateStart: '2030-04-20',
      dateEnd: '2030-04-21',
      registrationDeadline: '2030-04-10',
      city: 'Казань',
      address: 'г Казань, ул Баумана, д 1',
      geoLat: 55.7887,
      geoLon: 49.1166,
      level: 'regional',
      placesLimit: 0,
      photoVideoSale: true,
      poster: 'file-1',
      programs: [
        {
          discipline: 'kumite',
          programType: 'individual',
          gender: 'female',
          ageClassId: 'ac-1',
          weightCategory: '-55 кг',
          feeRub: 1500,
        },
        {
          discipline: 'kata',
          programType: 'individual',
          gender: null,
          ageClassId: 'ac-2',
          weightCategory: null,
          feeRub: 0,
        },
      ],
    });
  });

  it('takes the settlement when the address names no city', () => {
    const village = { value: 'Татарстан, с Пестрецы', data: { city: null, settlement: 'Пестрецы' } };
    expect(schema.parse({ ...valid, place: village }).city).toBe('Пестрецы');
  });

  it('gives the venue no point when the address has no coordinates', () => {
    const city = { value: 'Беларусь, г Минск', data: { city: 'Минск', geo_lat: '53.9', geo_lon: null } };
    expect(schema.parse({ ...valid, place: city })).toMatchObject({ geoLat: null, geoLon: null });
  });

  it('says "Поле обязательно" under every required field of an empty form', () => {
    expect(errors(emptyCompetition)).toEqual({
      name: 'Поле обязательно',
      dateStart: 'Поле обязательно',
      dateEnd: 'Поле обязательно',
      registrationDeadline: 'Поле обязательно',
      place: 'Поле обязательно',
      level: 'Поле обязательно',
      'programs.0.discipline': 'Поле обязательно',
      'programs.0.programType': 'Поле обязательно',
      'programs.0.ageClassId': 'Поле обязательно',
      'programs.0.feeRub': 'Поле обязательно',
    });
  });

  it('words length, number and place problems with the catalogue', () => {
    expect(
      errors({
        ...valid,
        name: 'Ку',
        description: 'я'.repeat(5001),
        placesLimit: '-1',
        place: { value: 'Респ Татарстан', data: { city: null, settlement: null } },
        programs: [{ ...womensKumite, feeRub: '1,5', weightCategory: 'x'.repeat(51) }],
      }),
    ).toEqual({
      name: 'Минимум 3 символов',
      description: 'Максимум 5000 символов',
      placesLimit: 'Введите целое число',
      place: 'Не указан населённый пункт',
      'programs.0.feeRub': 'Введите целое число',
      'programs.0.weightCategory': 'Максимум 50 символов',
    });
    expect(errors({ ...valid, placesLimit: '100001' })).toEqual({
      placesLimit: 'Максимальное значение - 100\u00a0000',
    });
  });

  it('refuses a start or a deadline in the past, but not today', () => {
    expect(errors({ ...valid, dateStart: '14.03.2030', registrationDeadline: '01.03.2030' })).toEqual({
      dateStart: 'Дата не может быть в прошлом',
      registrationDeadline: 'Дата не может быть в прошлом',
    });
    expect(
      errors({
        ...valid,
        dateStart: '15.03.2030',
        dateEnd: '15.03.2030',
        registrationDeadline: '15.03.2030',
      }),
    ).toEqual({});
  });

  describe('on Moscow’s calendar, whatever the browser’s zone', () => {
    const processZone = process.env['TZ'];
    afterEach(() => {
      if (processZone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = processZone;
    });

    it.each(['UTC', 'Europe/Moscow', 'America/New_York'])(
      'at 00:30 Moscow time on 1 January, the day before is past and the new year’s first day is not (TZ=%s)',
      (zone) => {
        process.env['TZ'] = zone;
        // 21:30 UTC on 31 December 2030: still 31 December in UTC and in New York.
        const newYear = createCompetitionFormSchema({ clock: fixedClock('2030-12-31T21:30:00Z') });
        const dates = (start: string, deadline: string) =>
          newYear.safeParse({
            ...valid,
            dateStart: start,
            dateEnd: '02.01.2031',
            registrationDeadline: deadline,
          });
        const late = dates('31.12.2030', '31.12.2030');
        expect(late.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
          ['dateStart', 'Дата не может быть в прошлом'],
          ['registrationDeadline', 'Дата не может быть в прошлом'],
        ]);
        expect(dates('01.01.2031', '01.01.2031').success).toBe(true);
      },
    );

    it('compares the end and the deadline with the start as days, on 29 February too', () => {
      const leapYear = createCompetitionFormSchema({ clock: fixedClock('2028-02-01T09:00:00Z') });
      const leapDay = {
        ...valid,
        dateStart: '29.02.2028',
        dateEnd: '29.02.2028',
        registrationDeadline: '29.02.2028',
      };
      expect(leapYear.safeParse(leapDay).success).toBe(true);
      expect(
        leapYear.safeParse({ ...leapDay, dateEnd: '28.02.2028', registrationDeadline: '01.03.2028' }).error
          ?.issues,
      ).toMatchObject([
        { path: ['dateEnd'], message: 'Окончание не может быть раньше начала' },
        { path: ['registrationDeadline'], message: 'Приём заявок должен закончиться до начала' },
      ]);
    });
  });

  it('wants the end on or after the start and the deadline on or before it', () => {
    expect(errors({ ...valid, dateEnd: '19.04.2030', registrationDeadline: '21.04.2030' })).toEqual({
      dateEnd: 'Окончание не может быть раньше начала',
      registrationDeadline: 'Приём заявок должен закончиться до начала',
    });
  });

  it('says a half-typed or impossible date is malformed, without comparing it', () => {
    expect(errors({ ...valid, dateEnd: '31.04.2030', registrationDeadline: '1_.__.____' })).toEqual({
      dateEnd: 'Неверный формат даты',
      registrationDeadline: 'Неверный формат даты',
    });
  });

  it('needs at least one program', () => {
    expect(errors({ ...valid, programs: [] })).toEqual({ programs: 'Добавьте хотя бы одну программу' });
  });
});
