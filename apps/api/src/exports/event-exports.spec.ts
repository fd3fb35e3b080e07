import { calendarDayOf, compareDays, instantOf, systemClock } from '@fed/calendar';
import {
  birthYearOf,
  disciplineCodes,
  exportsPaths,
  isMinorOn,
  platformApps,
  platformScripts,
  publishedPartsOf,
  readExportCsv,
  requestStateNames,
  type ElmaItem,
  type EventDetails,
  type RequestView,
} from '@fed/contracts';
import {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
} from '@fed/sandbox-fixtures';
import ExcelJS from 'exceljs';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PlatformClient } from '../platform/platform-client';
import { startOrdersApp, type OrdersApp, type OrdersClient } from '../orders/testing/orders-test-app';

/**
 * The organizer's export of an event's applications through HTTP, against the whole api with the demo federation's
 * platform twin: both files opened (the workbook by exceljs, the CSV by a parser of its own), every row checked
 * against what the platform holds and what the privacy rules of docs/security.md let each viewer see; who may
 * download at all; what a bad address gets.
 */

const HEADERS = [
  'Дисциплина',
  'Программа',
  'Возрастной класс',
  'Пол',
  'Весовая категория',
  'ФИО',
  'Год рождения',
  'Клуб',
  'Тренер',
  'Город',
  'Членство на дату мероприятия',
  'Оплачено',
  'Статус заявки',
];
const EVIL_COACH = '=HYPERLINK("http://evil.example";"Жми")';
const collator = new Intl.Collator('ru', { sensitivity: 'base', numeric: true });

/** Reads a binary answer whole (supertest leaves spreadsheets unparsed otherwise). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/** A cell as the CSV writes it back to text: the `'` before a would-be formula taken off. */
const unguarded = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

function jwtSubject(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as {
    sub: string;
  };
  return payload.sub;
}

describe('exports: an event’s applications for its organizer and the federation', () => {
  let t: OrdersApp;
  let club: OrdersClient;
  let federationLogin: OrdersClient;
  let family: OrdersClient;
  let familyToken: string;

  beforeAll(async () => {
    t = await startOrdersApp();
    club = t.as(await t.signIn(demoClub.phone));
    federationLogin = t.as(await t.signIn(demoFederation.phone));
    familyToken = await t.signIn(demoFamily.phone);
    family = t.as(familyToken);
    // The parent enters the club's open tournament naming a «coach» that is a formula.
    const eligibility = platformScripts.getApplicationEligibility.output.parse(
      (
        await family
          .script('getApplicationEligibility', {
            sportsmanId: demoFamily.parentId,
            competitionId: demoCompetitions.clubOpen,
          })
          .expect(200)
      ).body,
    ).data;
    const open = eligibility.programs.filter((entry) => entry.eligible).map((entry) => entry.programId);
    expect(open.length).toBeGreaterThan(1);
    await family
      .script('createApplication', {
        sportsmanId: demoFamily.parentId,
        competitionId: demoCompetitions.clubOpen,
        programIds: open.slice(0, 2),
        coach: EVIL_COACH,
        acceptOffer: true,
      })
      .expect(200);
  }, 120_000);
  afterAll(async () => {
    await t?.stop();
  });

  const download = (who: OrdersClient, competitionId: string, format: 'xlsx' | 'csv') =>
    who.get(exportsPaths.eventApplications(competitionId, format)).buffer(true).parse(binary);

  /** What the platform holds of an event: its details, every request, and the athletes' and clubs' records. */
  async function platformView(competitionId: string) {
    const event: EventDetails = (await t.platform.runScript('getEventById', { id: competitionId })).data;
    const requests: RequestView[] = (
      await t.platform.runScript('getCompetitionRequests', {
        competitionId,
        requestState: '',
        query: '',
        from: 0,
        size: 100,
      })
    ).result;
    const athleteIds = [...new Set(requests.map((r) => r.sportsman[0] as string))];
    const athletes = (
      await t.platform.listItems(platformApps.sportsman, { filter: { ids: athleteIds }, size: 100 })
    ).result;
    const clubIds = [
      ...new Set(athletes.map((a) => (a['organiz'] as string[] | undefined)?.[0]).filter(Boolean)),
    ];
    const clubs = (
      await t.platform.listItems(platformApps.sportsman, { filter: { ids: clubIds as string[] }, size: 100 })
    ).result;
    return {
      event,
      requests,
      athletes: new Map(athletes.map((a) => [a.__id, a])),
      clubs: new Map(clubs.map((c) => [c.__id, c])),
    };
  }

  /**
   * The rows a viewer must get, by docs/security.md «Who sees what», written here from the records themselves:
   * the organizer sees the birth date; the city only by consent; coach and membership not of a minor without a
   * parent's choice; anybody else the birth year by consent.
   */
  async function expectedRows(competitionId: string, organizer: boolean): Promise<string[]> {
    const { event, requests, athletes, clubs } = await platformView(competitionId);
    const now = instantOf(systemClock);
    const day = calendarDayOf(event.date_start);
    const rows: string[] = [];
    for (const r of requests) {
      const athlete = athletes.get(r.sportsman[0] as string) as ElmaItem;
      const parts = publishedPartsOf(athlete);
      const registryOnly = parts === null && isMinorOn(athlete['date_of_birth'], now);
      const year = birthYearOf(athlete['date_of_birth']);
      const term = athlete['term_membership'] as string | undefined;
      const club = clubs.get((athlete['organiz'] as string[] | undefined)?.[0] ?? '');
      for (const programId of r.programs) {
        const program = event.programs.find((p) => p.__id === programId);
        rows.push(
          [
            program?.__name,
            athlete.__name,
            organizer || parts?.has('birthYear') ? String(year) : '',
            club?.__name ?? '',
            r.coach || (registryOnly ? '' : ((athlete['coach'] as string | null) ?? '')),
            parts?.has('city') ? ((athlete['gorod'] as string | null) ?? '') : '',
            registryOnly ? '' : term && compareDays(calendarDayOf(term), day) >= 0 ? 'Да' : 'Нет',
            r.payment_status === 'paid' ? 'Да' : 'Нет',
            requestStateNames[r.requestState],
          ].join(' | '),
        );
      }
    }
    return rows.sort();
  }

  /** The data rows of the flat table as the same strings. */
  const asRows = (table: string[][]) =>
    table
      .map((cells) =>
        [cells[1], cells[5], cells[6], cells[7], cells[8], cells[9], cells[10], cells[11], cells[12]].join(
          ' | ',
        ),
      )
      .sort();

  /** Rows of one program together, disciplines in the catalogue's order, athletes by name inside a program. */
  function expectGrouped(table: string[][], event: EventDetails) {
    const programOrder: string[] = [];
    for (const cells of table) if (programOrder.at(-1) !== cells[1]) programOrder.push(cells[1] ?? '');
    expect(new Set(programOrder).size, 'each program is one block').toBe(programOrder.length);
    const disciplines = programOrder.map((name) =>
      (disciplineCodes as readonly string[]).indexOf(
        event.programs.find((p) => p.__name === name)?.discipline[0]?.code ?? 'kumite',
      ),
    );
    expect(disciplines).toEqual([...disciplines].sort((a, b) => a - b));
    for (const name of programOrder) {
      const athletes = table.filter((cells) => cells[1] === name).map((cells) => cells[5] ?? '');
      expect(athletes).toEqual([...athletes].sort(collator.compare));
    }
  }

  it('gives the organizer a workbook: every application, grouped, under frozen filtered headers', async () => {
    const spy = vi.spyOn(PlatformClient.prototype, 'listItems');
    const answer = await download(club, demoCompetitions.clubOpen, 'xlsx').expect(200);
    // A page of athletes and a page of clubs: nothing asked per row.
    expect(spy.mock.calls.length).toBe(2);
    spy.mockRestore();
    expect(answer.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const disposition = answer.headers['content-disposition'] as string;
    expect(disposition).toMatch(
      /^attachment; filename="zayavki-otkrytyi-turnir-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(encoded).not.toMatch(/[^A-Za-z0-9%._~!$&+^`|-]/);
    expect(decodeURIComponent(encoded)).toMatch(/^Заявки — Открытый турнир .+ — \d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(answer.body as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Все заявки', 'Кумитэ', 'Ката']);
    const all = workbook.getWorksheet('Все заявки') as ExcelJS.Worksheet;
    expect(all.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(all.autoFilter).toBe(`A1:M${all.rowCount}`);
    expect(all.getColumn(6).width).toBeGreaterThan(15);
    const table: string[][] = [];
    all.eachRow((row) => {
      table.push(HEADERS.map((_, index) => String(row.getCell(index + 1).value ?? '')));
    });
    expect(table[0]).toEqual(HEADERS);
    const rows = table.slice(1);
    expect(asRows(rows)).toEqual(await expectedRows(demoCompetitions.clubOpen, true));
    expectGrouped(rows, (await platformView(demoCompetitions.clubOpen)).event);
    // The formula the parent typed is a text cell, as typed.
    const evil = rows.filter((cells) => cells[8] === EVIL_COACH);
    expect(evil).toHaveLength(2);
    all.eachRow((row) =>
      row.eachCell((cell) => {
        expect(cell.type === ExcelJS.ValueType.String || cell.type === ExcelJS.ValueType.Number).toBe(true);
      }),
    );

    // A start list per discipline: a title, the header on every printed page, a heading row per program.
    const kumite = workbook.getWorksheet('Кумитэ') as ExcelJS.Worksheet;
    expect(String(kumite.getRow(1).getCell(1).value)).toMatch(/^Открытый турнир .+ — Кумитэ$/);
    expect(kumite.getRow(3).values).toEqual([
      undefined,
      '№',
      'ФИО',
      'Год рождения',
      'Клуб',
      'Тренер',
      'Город',
      'Членство на дату мероприятия',
      'Оплачено',
      'Статус заявки',
    ]);
    expect(kumite.views[0]).toMatchObject({ state: 'frozen', ySplit: 3 });
    expect(kumite.pageSetup).toMatchObject({
      orientation: 'landscape',
      fitToWidth: 1,
      printTitlesRow: '3:3',
    });
    const firstProgram = rows.find((cells) => cells[0] === 'Кумитэ')?.[1] ?? '';
    expect(String(kumite.getRow(4).getCell(1).value)).toMatch(
      new RegExp(`^${firstProgram.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} — \\d+ участник`),
    );
    expect(kumite.getRow(5).getCell(1).value).toBe(1);
    const kumiteAthletes = rows.filter((cells) => cells[0] === 'Кумитэ').length;
    let numbered = 0;
    kumite.eachRow((row, number) => {
      if (number > 3 && typeof row.getCell(1).value === 'number') numbered += 1;
    });
    expect(numbered).toBe(kumiteAthletes);
  });

  it('gives the same rows as CSV that Russian Excel opens: BOM, «;», CRLF, formulas made text', async () => {
    const answer = await download(club, demoCompetitions.clubOpen, 'csv').expect(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /filename="zayavki-[a-z0-9-]+\.csv"; filename\*=UTF-8''/,
    );
    const bytes = answer.body as Buffer;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    const table = readExportCsv(text);
    expect(table[0]).toEqual(HEADERS);
    expect(table.every((cells) => cells.length === HEADERS.length)).toBe(true);
    const rows = table.slice(1);
    // The formula: quoted (it holds «;» and quotes), its quotes doubled, an apostrophe before it.
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"";""Жми"")"`);
    expect(rows.filter((cells) => cells[8] === `'${EVIL_COACH}`)).toHaveLength(2);
    expect(rows.every((cells) => cells.every((cell) => !/^[=+\-@\t\r]/.test(cell)))).toBe(true);
    expect(asRows(rows.map((cells) => cells.map(unguarded)))).toEqual(
      await expectedRows(demoCompetitions.clubOpen, true),
    );
    expectGrouped(rows, (await platformView(demoCompetitions.clubOpen)).event);
  });

  it('shows each person as the filter shows them: a child’s registry alone, and the city by consent', async () => {
    // Every entrant of the children's championship is a child whose parent chose nothing to publish.
    const children = readExportCsv(
      (await download(club, demoCompetitions.clubChildren, 'csv').expect(200)).body.toString('utf8').slice(1),
    ).slice(1);
    expect(children.length).toBeGreaterThan(0);
    for (const cells of children) {
      expect(cells[6], 'the organizer sees the birth year').toMatch(/^\d{4}$/);
      expect([cells[9], cells[10]], 'no city, no membership of a child without a parent’s choice').toEqual([
        '',
        '',
      ]);
    }
    expect(asRows(children)).toEqual(await expectedRows(demoCompetitions.clubChildren, true));

    // The parent withdraws the city from what he publishes: the organizer's next export has none.
    const cityOf = async () => {
      const table = readExportCsv(
        (await download(club, demoCompetitions.clubOpen, 'csv').expect(200)).body.toString('utf8').slice(1),
      );
      return table.filter((cells) => cells[8] === `'${EVIL_COACH}`).map((cells) => cells[9]);
    };
    const parent = (
      await t.platform.listItems(platformApps.sportsman, { filter: { ids: [demoFamily.parentId] } })
    ).result[0];
    const city = String(parent?.['gorod'] ?? '');
    expect(city).not.toBe('');
    expect(await cityOf()).toEqual([city, city]);
    const consent = (published: boolean) =>
      family
        .script('setPublishConsent', {
          sportsmanId: demoFamily.parentId,
          photo: true,
          birthYear: true,
          city: published,
          results: true,
          givenBy: jwtSubject(familyToken),
        })
        .expect(200);
    await consent(false);
    expect(await cityOf()).toEqual(['', '']);
    await consent(true);
    expect(await cityOf()).toEqual([city, city]);
  });

  it('lets the federation export a club’s event as a viewer that is not its organizer', async () => {
    const answer = await download(federationLogin, demoCompetitions.clubChildren, 'csv').expect(200);
    const rows = readExportCsv((answer.body as Buffer).toString('utf8').slice(1)).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    // Not the organizer: a child's birth year is not the federation's to see here.
    expect(rows.every((cells) => cells[6] === '')).toBe(true);
    expect(asRows(rows)).toEqual(await expectedRows(demoCompetitions.clubChildren, false));
    // Its own event is its to export as organizer.
    await download(federationLogin, demoCompetitions.federationCup, 'xlsx').expect(200);
  });

  it('refuses everybody else: another club 403, an athlete 403, a guest 401', async () => {
    const other = await download(club, demoCompetitions.federationCup, 'csv').expect(403);
    expect(other.headers['content-type']).toMatch(/application\/json/);
    expect(JSON.parse((other.body as Buffer).toString('utf8'))).toMatchObject({
      statusCode: 403,
      code: 'forbidden',
      message: 'Это мероприятие организует другая организация',
    });
    const athlete = await download(family, demoCompetitions.clubOpen, 'xlsx').expect(403);
    expect(JSON.parse((athlete.body as Buffer).toString('utf8')).message).toBe(
      'Выгрузка заявок доступна организатору мероприятия и федерации',
    );
    const expired = t.as(await t.signIn(demoAthleteExpired.phone));
    await download(expired, demoCompetitions.clubOpen, 'csv').expect(403);
    const guest = await request(t.base)
      .get(exportsPaths.eventApplications(demoCompetitions.clubOpen, 'csv'))
      .expect(401);
    expect(guest.body).toMatchObject({ code: 'unauthorized', message: 'Войдите, чтобы выгрузить заявки' });
  });

  it('answers a bad address with a Russian 400, and an unknown event with a 404', async () => {
    const base = `/api/exports/events/${demoCompetitions.clubOpen}/applications`;
    for (const query of ['', '?format=pdf', '?format=', '?format=XLSX', '?format[]=csv']) {
      const answer = await club.get(`${base}${query}`).expect(400);
      expect(answer.body).toMatchObject({
        statusCode: 400,
        code: 'export_format',
        message: 'Неизвестный формат выгрузки: укажите format=xlsx или format=csv',
      });
    }
    for (const id of ['not%20an%20id', '%27%3B--', 'x'.repeat(300)]) {
      const answer = await club.get(`/api/exports/events/${id}/applications?format=csv`).expect(400);
      expect(answer.body).toMatchObject({
        code: 'validation_failed',
        message: 'Неверный идентификатор мероприятия',
      });
    }
    const missing = await club
      .get(exportsPaths.eventApplications('c0de0003-0000-4000-8000-0000000000ff', 'csv'))
      .expect(404);
    expect(missing.body).toMatchObject({ code: 'not_found', message: 'Мероприятие не найдено' });
  });

  it('counts exports per login: past the burst a 429 with Retry-After', async () => {
    let refused: request.Response | undefined;
    for (let tries = 0; tries < 25 && refused === undefined; tries += 1) {
      const answer = await federationLogin.get(
        exportsPaths.eventApplications(demoCompetitions.clubChildren, 'csv'),
      );
      if (answer.status === 429) refused = answer;
      else expect(answer.status).toBe(200);
    }
    expect(refused?.headers['retry-after']).toMatch(/^\d+$/);
    // Another login's exports are its own.
    await download(club, demoCompetitions.clubOpen, 'csv').expect(200);
  });
});
