import type { AgeClassRecord, ProgramRecord, RequestView } from '@fed/contracts';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { contentDisposition } from '../common/file-transfer';
import { applicationGroups, type ExportSource } from './application-rows';
import { csvCell, csvFile } from './csv';
import { asciiSlug, safeFileName } from './download-name';
import { applicationsWorkbook } from './xlsx';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const stamps = { __createdAt: '2026-01-01T00:00:00Z', __updatedAt: '2026-01-01T00:00:00Z' };

const ageClasses: AgeClassRecord[] = [
  {
    ...stamps,
    __id: id(901),
    __name: 'Взрослые',
    code: 'vzroslye_18',
    nazvanie: 'Взрослые 18+',
    sortirovka: 9,
    age_from: 18,
    age_to: null,
  },
  {
    ...stamps,
    __id: id(902),
    __name: 'Дети',
    code: 'deti_10_11',
    nazvanie: 'Дети 10–11 лет',
    sortirovka: 3,
    age_from: 10,
    age_to: 11,
  },
];

function program(
  n: number,
  discipline: 'kumite' | 'kata',
  ageClass: string,
  gender: 'male' | 'female' | null,
  weight: string | null,
): ProgramRecord {
  return {
    ...stamps,
    __id: id(n),
    __name: `Программа ${n}`,
    competition: [id(1)],
    discipline: [{ code: discipline, name: discipline === 'kata' ? 'Ката' : 'Кумитэ' }],
    program_type: { code: 'individual', name: 'Личная программа', gender: gender !== null },
    pol: gender === null ? null : [{ code: gender, name: gender }],
    age_class: [ageClass],
    weight_category: weight,
    fee: { cents: 100_000, currency: 'RUB' },
  };
}

function request(
  n: number,
  athlete: number,
  programs: number[],
  extra: Partial<RequestView> = {},
): RequestView {
  return {
    __id: id(n),
    __name: `Заявка ${n}`,
    sportsman: [id(athlete)],
    competition: [id(1)],
    programs: programs.map(id),
    requestState: 'new',
    nomenclature_type: 'competition',
    payment_status: 'unpaid',
    fee: { cents: 100_000, currency: 'RUB' },
    state_history: [],
    competitionName: 'Турнир',
    competitionDate: '2026-07-11T07:00:00Z',
    registrationDeadline: null,
    sportsmanName: `Спортсмен ${athlete}`,
    programNames: programs.map((p) => `Программа ${p}`),
    allowedStates: [],
    ...extra,
  } as RequestView;
}

describe('the rows of an export', () => {
  // Kata before kumite would be alphabetical; the catalogue puts kumite first. Children before adults, men
  // before women before both, lighter before heavier, «+» after the same weight with «−».
  const programs = [
    program(11, 'kata', id(901), null, null),
    program(12, 'kumite', id(901), 'male', '+84 кг'),
    program(13, 'kumite', id(901), 'male', '−84 кг'),
    program(14, 'kumite', id(901), 'male', '-60 кг'),
    program(15, 'kumite', id(901), 'female', '−50 кг'),
    program(16, 'kumite', id(902), 'female', '−35 кг'),
  ];
  const source = (overrides: Partial<ExportSource> = {}): ExportSource => ({
    dateStart: '2026-07-11T07:00:00Z',
    programs,
    ageClasses,
    requests: [
      request(101, 201, [12, 11], { payment_status: 'paid', requestState: 'paid', coach: 'Иванов И. И.' }),
      request(102, 202, [13]),
      request(103, 203, [14, 11]),
      request(104, 204, [15]),
      request(105, 205, [16]),
      request(106, 206, [14], { requestState: 'under_review' }),
    ],
    athletes: new Map([
      [
        id(201),
        {
          __id: id(201),
          __name: 'Борисов Борис',
          date_of_birth: '1990-05-01T00:00:00Z',
          gorod: 'Москва',
          coach: null,
          term_membership: '2026-07-11T20:59:00Z',
          organiz: [id(301)],
        },
      ],
      // The filter left the year alone, took out the city and the term.
      [id(202), { __id: id(202), __name: 'Алексеев Алексей', birth_year: 1988 }],
      [
        id(203),
        {
          __id: id(203),
          __name: 'Яковлев Яков',
          gorod: null,
          coach: 'Из профиля',
          term_membership: '2026-07-10T20:59:00Z',
        },
      ],
      [id(204), { __id: id(204), __name: 'Мария Маринина', term_membership: null }],
      [id(206), { __id: id(206), __name: 'Андреев Андрей', term_membership: '2026-07-10T21:00:00Z' }],
    ]),
    clubNames: new Map([[id(301), 'Клуб «Восток»']]),
    ...overrides,
  });

  it('groups by program in the order of discipline, age class, gender and weight; names inside', () => {
    const groups = applicationGroups(source());
    expect(groups.map((group) => group.programId)).toEqual([16, 14, 13, 12, 15, 11].map(id));
    expect(groups.map((group) => group.discipline)).toEqual([
      'Кумитэ',
      'Кумитэ',
      'Кумитэ',
      'Кумитэ',
      'Кумитэ',
      'Ката',
    ]);
    // A typed hyphen is the minus sign it means (and so starts no formula in a spreadsheet).
    expect(groups[1]?.rows.map((row) => [row.athlete, row.weight])).toEqual([
      ['Андреев Андрей', '−60 кг'],
      ['Яковлев Яков', '−60 кг'],
    ]);
    expect(groups[5]?.rows.map((row) => row.athlete)).toEqual(['Борисов Борис', 'Яковлев Яков']);
    expect(groups[5]?.rows[0]?.gender).toBe('Общий');
  });

  it('says what the filter left and leaves empty what it took out', () => {
    const rows = new Map(
      applicationGroups(source()).flatMap((group) => group.rows.map((row) => [row.athlete, row])),
    );
    expect(rows.get('Борисов Борис')).toMatchObject({
      birthYear: 1990,
      city: 'Москва',
      club: 'Клуб «Восток»',
      coach: 'Иванов И. И.',
      // The term's last day is the event's first (23:59 Moscow time): valid on the day.
      membershipValid: true,
      paid: true,
      state: 'Оплачена',
    });
    expect(rows.get('Алексеев Алексей')).toMatchObject({
      birthYear: 1988,
      city: '',
      membershipValid: null,
      paid: false,
    });
    expect(rows.get('Яковлев Яков')).toMatchObject({
      coach: 'Из профиля',
      membershipValid: false,
      birthYear: null,
    });
    expect(rows.get('Мария Маринина')?.membershipValid).toBe(false);
    // 00:00 Moscow time of the event's day is that day.
    expect(rows.get('Андреев Андрей')).toMatchObject({ membershipValid: true, state: 'На рассмотрении' });
    // An athlete the platform did not return is still a row, by the name on the request.
    expect(rows.get('Спортсмен 205')).toMatchObject({ club: '', membershipValid: null });
  });

  it('is linear in the rows: ten thousand applications in well under a second', () => {
    const many = Array.from({ length: 10_000 }, (_, n) => request(10_000 + n, 20_000 + n, [11 + (n % 6)]));
    const athletes = new Map(
      many.map((r) => [
        r.sportsman[0] as string,
        { __id: r.sportsman[0], __name: `Ф${(n(r) * 7919) % 10_007}` },
      ]),
    );
    function n(r: RequestView) {
      return Number(r.__id.slice(-5));
    }
    const started = performance.now();
    const groups = applicationGroups(source({ requests: many, athletes }));
    expect(groups.reduce((sum, group) => sum + group.rows.length, 0)).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('CSV for Russian Excel', () => {
  it('neutralises formulas and quotes what needs quoting', () => {
    expect(csvCell('=1+2')).toBe("'=1+2");
    expect(csvCell('+7 999')).toBe("'+7 999");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tприпрятано')).toBe("'\tприпрятано");
    expect(csvCell('\r=1')).toBe('"\'\r=1"');
    expect(csvCell('=HYPERLINK("http://x";"жми")')).toBe('"\'=HYPERLINK(""http://x"";""жми"")"');
    expect(csvCell('Клуб «Восток»; Москва')).toBe('"Клуб «Восток»; Москва"');
    expect(csvCell('строка\nвторая')).toBe('"строка\nвторая"');
    expect(csvCell('Иванов')).toBe('Иванов');
    expect(csvCell(1990)).toBe('1990');
    expect(csvCell(-1)).toBe('-1');
  });

  it('starts with the BOM and ends rows with CRLF', () => {
    const file = csvFile([
      ['ФИО', 'Год рождения'],
      ['Иванов', 1990],
    ]);
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(file.toString('utf8')).toBe('\uFEFFФИО;Год рождения\r\nИванов;1990\r\n');
  });
});

describe('file names', () => {
  it('keeps the Russian name safe and gives a readable ASCII one', () => {
    expect(safeFileName('Кубок: «Юный/каратист»?')).toBe('Кубок «Юный каратист»');
    expect(asciiSlug('Первенство «Юный каратист» — 2026')).toBe('pervenstvo-iunyi-karatist-2026');
    expect(contentDisposition('attachment', "Заявки (финал)'s.csv", 'zayavki.csv')).toBe(
      'attachment; filename="zayavki.csv"; filename*=UTF-8\'\'%D0%97%D0%B0%D1%8F%D0%B2%D0%BA%D0%B8%20%28%D1%84%D0%B8%D0%BD%D0%B0%D0%BB%29%27s.csv',
    );
  });
});

describe('the workbook', () => {
  it('has every row under one filtered header, and a start list per discipline', async () => {
    const groups = applicationGroups({
      dateStart: '2026-07-11T07:00:00Z',
      programs: [program(11, 'kata', id(901), null, null), program(12, 'kumite', id(901), 'male', '−60 кг')],
      ageClasses,
      requests: [request(101, 201, [12, 11], { coach: '=cmd|" /C calc"!A0' })],
      athletes: new Map(),
      clubNames: new Map(),
    });
    const bytes = await applicationsWorkbook(groups, {
      eventName: 'Турнир',
      eventDates: '11.07.2026',
      createdAt: new Date('2026-06-17T09:00:00Z'),
    });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Все заявки', 'Кумитэ', 'Ката']);
    const all = workbook.getWorksheet('Все заявки');
    expect(all?.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(all?.autoFilter).toBeTruthy();
    const coach = all?.getRow(2).getCell(9);
    // Text stays text: no formula, whatever it starts with.
    expect(coach?.type).toBe(ExcelJS.ValueType.String);
    expect(coach?.value).toBe('=cmd|" /C calc"!A0');
    const kata = workbook.getWorksheet('Ката');
    expect(kata?.getRow(4).getCell(1).value).toBe('Программа 11 — 1 участник');
    expect(kata?.getRow(5).values).toEqual([
      undefined,
      1,
      'Спортсмен 201',
      '',
      '',
      '=cmd|" /C calc"!A0',
      '',
      '',
      'Нет',
      'Новая',
    ]);
  });
});
