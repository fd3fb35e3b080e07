import { describe, expect, it } from 'vitest';
import {
  createCompetitionFormSchema,
  emptyCompetition,
  emptyProgram,
  type CompetitionFormValues,
} from './competition-form';

// 15 March 2030, mid-afternoon: "today" for every case below.
const schema = createCompetitionFormSchema({ now: () => new Date(2030, 2, 15, 15, 30) });

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
      placesLimit: 'Максимальное значение - 100 000',
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
