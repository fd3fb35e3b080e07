import {
  competitionDocumentSchema,
  createSportsmanProcess,
  elmaUploadAnswerSchema,
  elmaListAnswerSchema,
  platformApps,
  platformScripts,
  type EventDetails,
  type ProgramRecord,
} from '@fed/contracts';
import { DEFAULT_TEST_INSTANT, instantOf, runningClockFrom, seasonOf } from '@fed/calendar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from './seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';
import { twinCalls } from './testing/twin-calls';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
const DAY = 86_400_000;

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/** The platform's business rules, checked on the twin's demo data (twin only: they write and rely on demo ids). */
describe('ELMA twin: business rules', () => {
  // A plain day far from a season's end: the rules here are about who may do what, not about the calendar.
  const clock = runningClockFrom(DEFAULT_TEST_INSTANT);
  let twin: TwinHarness;
  const { http, script, read, pub } = twinCalls(() => twin);

  /** A fresh athlete with a membership for two years. */
  const createAthlete = async (gender: 'male' | 'female', birth: string): Promise<string> => {
    const answer = await script('functions', 'runBP', {
      ...createSportsmanProcess,
      context: {
        fio: { lastname: 'Правилов', firstname: 'Илья', middlename: '' },
        date_of_birth: birth,
        gorod: 'Тверь',
        gender,
      },
    }).expect(200);
    const id = (answer.body as { data: { recordId: string } }).data.recordId;
    await pub(`/app/sport/${platformApps.memberships}/create`, {
      context: {
        __name: 'Членство',
        sportsman: [id],
        season: seasonOf(clock.now() + 730 * DAY),
        valid_until: new Date(clock.now() + 730 * DAY).toISOString(),
        fee: { cents: 150_000, currency: 'RUB' },
        paid: true,
      },
    }).expect(200);
    return id;
  };

  const openEvents = async (): Promise<EventDetails[]> => {
    const upcoming = platformScripts.getEvents.output.parse(
      (await read('functions', 'getEvents', { when: 'upcoming', size: 100 }).expect(200)).body,
    );
    const details: EventDetails[] = [];
    for (const event of upcoming.result) {
      const data = platformScripts.getEventById.output.parse(
        (await read('functions', 'getEventById', { id: event.__id }).expect(200)).body,
      ).data;
      if (data.registrationOpen) details.push(data);
    }
    return details;
  };

  beforeAll(async () => {
    twin = await startTwin({ clock });
  });
  afterAll(async () => {
    await twin.dispose();
  });

  const eligibilityOf = async (sportsmanId: string, competitionId: string) =>
    platformScripts.getApplicationEligibility.output.parse(
      (await read('application', 'getApplicationEligibility', { sportsmanId, competitionId }).expect(200))
        .body,
    ).data;
  const codes = (eligibility: { reasons: Array<{ code: string }> }) =>
    eligibility.reasons.map((reason) => reason.code);

  // First: later tests pay the expired athlete's membership.
  it('lets the demo journeys happen: who may enter which of the journeys’ events, and why not', async () => {
    const parentOpen = await eligibilityOf(demoFamily.parentId, demoCompetitions.clubOpen);
    expect(parentOpen).toMatchObject({ eligible: true, reasons: [], existingRequestId: null });
    const closedByGender = parentOpen.programs.filter((program) =>
      program.reasons.some((reason) => reason.code === 'gender_mismatch'),
    );
    expect(closedByGender.length).toBeGreaterThan(0);
    const details = platformScripts.getEventById.output.parse(
      (await read('functions', 'getEventById', { id: demoCompetitions.clubOpen }).expect(200)).body,
    ).data;
    const openToBoth = details.programs.filter(
      (program) =>
        !program.program_type.gender &&
        parentOpen.programs.find((entry) => entry.programId === program.__id)?.eligible,
    );
    expect(openToBoth.length).toBeGreaterThan(0);
    expect((await eligibilityOf(demoFamily.parentId, demoCompetitions.federationCup)).eligible).toBe(true);

    const [sonId, daughterId] = demoFamily.childIds;
    expect((await eligibilityOf(sonId, demoCompetitions.clubChildren)).eligible).toBe(true);
    const daughter = await eligibilityOf(daughterId, demoCompetitions.clubChildren);
    expect(codes(daughter)).toEqual(['minor_without_representative']);
    expect(daughter.programs.some((program) => program.eligible)).toBe(true);
    const kidsKata = must(daughter.programs.find((program) => program.eligible)).programId;
    const refused = await script('application', 'createApplication', {
      sportsmanId: daughterId,
      competitionId: demoCompetitions.clubChildren,
      programIds: [kidsKata],
      acceptOffer: true,
    }).expect(400);
    expect(refused.body.error).toBe(daughter.reasons[0]?.message);

    expect(codes(await eligibilityOf(demoAthleteExpired.sportsmanId, demoCompetitions.clubOpen))).toEqual([
      'membership_expired',
    ]);

    // The parent applies for a kata open to both genders, then finds the request instead of a second one.
    const applied = platformScripts.createApplication.output.parse(
      (
        await script('application', 'createApplication', {
          sportsmanId: demoFamily.parentId,
          competitionId: demoCompetitions.clubOpen,
          programIds: [must(openToBoth[0]).__id],
          coach: null,
          acceptOffer: true,
        }).expect(200)
      ).body,
    ).data;
    const again = await eligibilityOf(demoFamily.parentId, demoCompetitions.clubOpen);
    expect(codes(again)).toEqual(['already_applied']);
    expect(again.existingRequestId).toBe(applied.__id);
    const wrongGender = await script('application', 'updateApplication', {
      requestId: applied.__id,
      programIds: [must(closedByGender[0]).programId],
    }).expect(400);
    expect(wrongGender.body.error).toMatch(/другого пола/);

    // Cured by a legal representative.
    await script(
      'insurance',
      'createUpdateLegalRepresentative',
      { firstname: 'Андрей', lastname: 'Соколов', middlename: 'Викторович', date_of_birth: '1988-03-04' },
      daughterId,
    ).expect(200);
    expect((await eligibilityOf(daughterId, demoCompetitions.clubChildren)).eligible).toBe(true);
  });

  it('lists the club’s requests to its open tournament, newest first, by state', async () => {
    const fresh = platformScripts.getCompetitionRequests.output.parse(
      (
        await read('requests', 'getCompetitionRequests', {
          competitionId: demoCompetitions.clubOpen,
          requestState: 'new',
        }).expect(200)
      ).body,
    );
    expect(fresh.total).toBeGreaterThanOrEqual(2);
    for (const entry of fresh.result) expect(entry.requestState).toBe('new');
  });

  it('edits a returned request back into review and refuses edits in other states', async () => {
    const returned = platformScripts.getCompetitionRequests.output.parse(
      (
        await read('requests', 'getCompetitionRequests', {
          competitionId: demoCompetitions.clubOpen,
          requestState: 'returned',
        }).expect(200)
      ).body,
    ).result[0];
    const edited = platformScripts.updateApplication.output.parse(
      (
        await script('application', 'updateApplication', {
          requestId: must(returned).__id,
          programIds: must(returned).programs,
          coach: 'Новый Тренер Иванович',
        }).expect(200)
      ).body,
    ).data;
    expect(edited).toMatchObject({
      requestState: 'under_review',
      coach: 'Новый Тренер Иванович',
      reason: null,
    });
    expect(edited.state_history.at(-1)).toMatchObject({ from: 'returned', to: 'under_review', reason: null });
    const again = await script('application', 'updateApplication', {
      requestId: edited.__id,
      programIds: edited.programs,
    }).expect(400);
    expect(again.body.error).toMatch(/На рассмотрении/);
  });

  it('reviews documents: returned with a reason, re-submitted, accepted and then public on the event', async () => {
    const upload = async (name: string) =>
      elmaUploadAnswerSchema.parse(
        (
          await http()
            .post('/sandbox/elma/pub/v1/disk/directory/root/upload')
            .set(auth)
            .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), {
              filename: name,
              contentType: 'application/pdf',
            })
            .expect(200)
        ).body,
      ).file.__id;
    const submit = async (body: Record<string, unknown>) =>
      platformScripts.submitCompetitionDocument.output.parse(
        (
          await script('functions', 'submitCompetitionDocument', {
            competitionId: demoCompetitions.clubChildren,
            kind: 'medical',
            name: 'Договор с поликлиникой',
            ...body,
          }).expect(200)
        ).body,
      ).data;
    // The review stands in for the platform's own interface: only the twin's token may decide.
    const review = (id: string, body: unknown, headers: Record<string, string> = auth) =>
      http()
        .post(`/sandbox/elma/competition-documents/${id}/review`)
        .set(headers)
        .send(body as object);

    const first = await submit({ fileId: await upload('договор.pdf') });
    const strangers: Record<string, string>[] = [
      {},
      { Authorization: 'Bearer not-the-token' },
      { 'X-Token': 'not-the-token' },
    ];
    for (const stranger of strangers) {
      expect((await review(first.__id, { state: 'accepted' }, stranger).expect(403)).body).toMatchObject({
        success: false,
      });
    }
    // X-Token passes the guard too (the bad body is the twin's answer, after the guard).
    await review(first.__id, { state: 'nonsense' }, { 'X-Token': TEST_TOKEN }).expect(400);
    expect((await review(first.__id, { state: 'returned' }).expect(400)).body.error).toMatch(/исправить/);
    const returned = competitionDocumentSchema.parse(
      (await review(first.__id, { state: 'returned', reason: 'Нет подписи главврача' }).expect(200)).body
        .data,
    );
    expect(returned).toMatchObject({ state: 'returned', reason: 'Нет подписи главврача' });
    const secondFile = await upload('договор-2.pdf');
    const resubmitted = await submit({ documentId: first.__id, fileId: secondFile });
    expect(resubmitted).toMatchObject({ state: 'submitted', reason: null, file: [secondFile] });
    expect(resubmitted.history.map((entry) => entry.state)).toEqual(['submitted', 'returned', 'submitted']);
    const accepted = competitionDocumentSchema.parse(
      (await review(first.__id, { state: 'accepted' }).expect(200)).body.data,
    );
    expect(accepted.history.map((entry) => entry.state)).toEqual([
      'submitted',
      'returned',
      'submitted',
      'accepted',
    ]);
    expect((await review(first.__id, { state: 'returned', reason: 'x' }).expect(400)).body.error).toMatch(
      /не на проверке/,
    );
    const event = platformScripts.getEventById.output.parse(
      (await read('functions', 'getEventById', { id: demoCompetitions.clubChildren }).expect(200)).body,
    ).data;
    expect(event.documents).toContainEqual({
      __id: first.__id,
      __name: 'Договор с поликлиникой',
      kind: 'medical',
      file: [secondFile],
    });
    for (const document of event.documents) expect(document.kind).toBeDefined();
    const replace = await script('functions', 'submitCompetitionDocument', {
      competitionId: demoCompetitions.clubChildren,
      documentId: first.__id,
      kind: 'medical',
      name: 'Договор',
      fileId: secondFile,
    }).expect(400);
    expect(replace.body.error).toMatch(/принят/);
    await review('00000000-0000-4000-8000-000000000000', { state: 'accepted' }).expect(404);
  });

  it('paying a membership request moves the term to the end of the season (the settings’ calendar-year rule)', async () => {
    const before = platformScripts.getUsersByElmaUserId.output.parse(
      (
        await read('functions', 'getUsersByElmaUserId', { userIds: [demoAthleteExpired.sportsmanId] }).expect(
          200,
        )
      ).body,
    ).sportsmans[0];
    expect(before?.term_membership && before.term_membership < instantOf(clock).toISOString()).toBe(true);
    const pending = elmaListAnswerSchema.parse(
      (
        await pub(`/app/sport/${platformApps.requests}/list`, {
          filter: {
            tf: {
              sportsman: demoAthleteExpired.sportsmanId,
              nomenclature_type: 'membership',
              requestState: 'approved',
            },
          },
        }).expect(200)
      ).body,
    ).result.result[0];
    expect(pending).toBeDefined();
    await script('requests', 'changeCompetitionRequestState', {
      requestId: pending?.__id,
      requestState: 'paid',
    }).expect(200);
    const after = platformScripts.getUsersByElmaUserId.output.parse(
      (
        await read('functions', 'getUsersByElmaUserId', { userIds: [demoAthleteExpired.sportsmanId] }).expect(
          200,
        )
      ).body,
    ).sportsmans[0];
    // In June the lapsed athlete's request is for the current season: until 31 December, 23:59:59 Moscow time.
    expect(after?.term_membership).toBe('2026-12-31T20:59:59.000Z');
  });

  it('refuses applications that break the rules, each with its reason', async () => {
    const events = await openEvents();
    const event = events.find((candidate) =>
      candidate.programs.some((program) => program.program_type.gender),
    ) as EventDetails;
    expect(event).toBeDefined();
    const gendered = event.programs.find((program) => program.program_type.gender) as ProgramRecord;
    const wrongGender = gendered.pol?.[0]?.code === 'male' ? 'female' : 'male';
    const athlete = await createAthlete(wrongGender, '2000-01-01');
    const apply = (sportsmanId: string, competitionId: string, programIds: string[]) =>
      script('application', 'createApplication', {
        sportsmanId,
        competitionId,
        programIds,
        acceptOffer: true,
      });

    expect((await apply(athlete, event.__id, [gendered.__id]).expect(400)).body.error).toMatch(
      /другого пола|Возрастной класс/,
    );
    expect(
      (await apply(demoAthleteExpired.sportsmanId + 'x', event.__id, [gendered.__id]).expect(404)).body
        .success,
    ).toBe(false);
    expect(
      (await apply(demoClub.organizationId, event.__id, [gendered.__id]).expect(400)).body.error,
    ).toMatch(/организация/);

    const past = platformScripts.getEvents.output.parse(
      (await read('functions', 'getEvents', { when: 'past', size: 1 }).expect(200)).body,
    ).result[0];
    const pastDetails = platformScripts.getEventById.output.parse(
      (await read('functions', 'getEventById', { id: past?.__id }).expect(200)).body,
    ).data;
    expect(
      (await apply(athlete, pastDetails.__id, [pastDetails.programs[0]?.__id ?? '']).expect(400)).body.error,
    ).toMatch(/закрыт/);

    const lapsed = await createAthlete('male', '1990-01-01');
    await pub(`/app/sport/${platformApps.sportsman}/${lapsed}/update`, {
      context: { term_membership: '2020-01-01T00:00:00Z' },
    }).expect(200);
    expect((await apply(lapsed, event.__id, [event.programs[0]?.__id ?? '']).expect(400)).body.error).toMatch(
      /Членство/,
    );

    const otherEventProgram = events.find((candidate) => candidate.__id !== event.__id)?.programs[0];
    if (otherEventProgram) {
      expect((await apply(athlete, event.__id, [otherEventProgram.__id]).expect(400)).body.error).toMatch(
        /не относится/,
      );
    }
  });

  it('refuses a second live application and applications beyond the places limit', async () => {
    const events = await openEvents();
    const adultFemale = await createAthlete('female', '1995-05-05');
    const adultMale = await createAthlete('male', '1995-05-05');
    const fits = (event: EventDetails, gender: string) => {
      // Sport age in the event's season (its Moscow year).
      const age = seasonOf(event.date_start) - 1995;
      return event.programs.find(
        (program) =>
          (!program.program_type.gender || program.pol?.[0]?.code === gender) &&
          event.ageClasses.some(
            (ageClass) =>
              program.age_class.includes(ageClass.__id) &&
              (ageClass.age_from ?? 0) <= age &&
              age <= (ageClass.age_to ?? Infinity),
          ),
      );
    };
    const event = events.find((candidate) => fits(candidate, 'female') && fits(candidate, 'male'));
    expect(event).toBeDefined();
    if (!event) return;
    const first = platformScripts.createApplication.output.parse(
      (
        await script('application', 'createApplication', {
          sportsmanId: adultFemale,
          competitionId: event.__id,
          programIds: [fits(event, 'female')?.__id],
          acceptOffer: true,
        }).expect(200)
      ).body,
    );
    expect(first.data.fee.cents).toBeGreaterThan(0);
    const again = await script('application', 'createApplication', {
      sportsmanId: adultFemale,
      competitionId: event.__id,
      programIds: [fits(event, 'female')?.__id],
      acceptOffer: true,
    }).expect(400);
    expect(again.body.error).toMatch(/уже есть/);
    await pub(`/app/sport/${platformApps.competitions}/${event.__id}/update`, {
      context: { places_limit: event.placesTaken + 1 },
    }).expect(200);
    const full = await script('application', 'createApplication', {
      sportsmanId: adultMale,
      competitionId: event.__id,
      programIds: [fits(event, 'male')?.__id],
      acceptOffer: true,
    }).expect(400);
    expect(full.body.error).toMatch(/мест/);
  });

  it('keeps payment status and history in step with the state and refuses writing them directly', async () => {
    const request = elmaListAnswerSchema.parse(
      (
        await pub(`/app/sport/${platformApps.requests}/list`, {
          size: 1,
          filter: { tf: { requestState: 'new' } },
        }).expect(200)
      ).body,
    ).result.result[0];
    await pub(`/app/sport/${platformApps.requests}/${request?.__id}/update`, {
      context: { requestState: 'under_review', payment_status: 'paid' },
    }).expect(400);
    await pub(`/app/sport/${platformApps.requests}/create`, {
      context: { __name: 'x', requestState: 'paid' },
    }).expect(400);
  });

  it('refuses to cancel a delivered sale', async () => {
    const delivered = elmaListAnswerSchema.parse(
      (
        await pub(`/app/sport/${platformApps.sales}/list`, {
          size: 1,
          filter: { tf: { status: 'delivered' } },
        }).expect(200)
      ).body,
    ).result.result[0];
    expect(delivered).toBeDefined();
    if (!delivered) return;
    expect(
      (await script('requests', 'cancelSales', { saleId: delivered.__id }).expect(400)).body.error,
    ).toMatch(/переданы/);
  });

  // Last: it cancels the federation's cup for a while.
  it('cancels an event by the staff’s item update: still listed, closed to applications with the reason', async () => {
    const cup = demoCompetitions.federationCup;
    const update = (context: object) =>
      pub(`/app/sport/${platformApps.competitions}/${cup}/update`, { context });
    const details = async () =>
      platformScripts.getEventById.output.parse(
        (await read('functions', 'getEventById', { id: cup }).expect(200)).body,
      ).data;
    const before = await details();
    expect(before.cancelled).toBeUndefined();
    expect(before.registrationOpen).toBe(true);
    await update({ cancelled: 'да' }).expect(400);

    await update({ cancelled: true }).expect(200);
    const cancelled = await details();
    expect(cancelled).toMatchObject({ cancelled: true, registrationOpen: false });
    const listed = platformScripts.getEvents.output.parse(
      (await read('functions', 'getEvents', { when: 'upcoming', size: 100 }).expect(200)).body,
    ).result;
    expect(listed.find((event) => event.__id === cup)?.cancelled).toBe(true);
    // The others answer as before: no `cancelled` at all.
    expect(listed.filter((event) => event.__id !== cup).every((event) => !('cancelled' in event))).toBe(true);

    const eligibility = await eligibilityOf(demoFamily.parentId, cup);
    expect(eligibility.eligible).toBe(false);
    expect(eligibility.reasons[0]).toEqual({ code: 'event_cancelled', message: 'Мероприятие отменено' });
    const refused = await script('application', 'createApplication', {
      sportsmanId: demoFamily.parentId,
      competitionId: cup,
      programIds: [must(before.programs[0]).__id],
      acceptOffer: true,
    }).expect(400);
    expect(refused.body.error).toBe('Мероприятие отменено');

    // The cancellation taken back (`null` empties the field): open again.
    await update({ cancelled: null }).expect(200);
    expect(await details()).toMatchObject({ registrationOpen: true });
    expect(codes(await eligibilityOf(demoFamily.parentId, cup))).not.toContain('event_cancelled');
  });
});
