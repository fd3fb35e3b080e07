import { platformApps, platformScripts } from '@fed/contracts';
import { ManualClock } from '@fed/calendar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ItemsRepository } from './core/items.repository';
import { demoCompetitions, demoFamily } from './seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';
import { twinCalls } from './testing/twin-calls';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

function must<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) throw new Error('expected a value');
  return value;
}

/**
 * The reads the twin keeps (`ItemsRepository.derived`: the events page, an event's card and programs, the facts
 * of an eligibility check) answer every write and the clock: read, change, read again gives the new answer.
 */
describe('ELMA twin: reads kept until a write', () => {
  let clock: ManualClock;
  let twin: TwinHarness;
  const { http, script, read } = twinCalls(() => twin);

  const upcoming = async () =>
    platformScripts.getEvents.output.parse(
      (await read('functions', 'getEvents', { when: 'upcoming', size: 100 }).expect(200)).body,
    );
  const placesOnPage = async (id: string) =>
    must((await upcoming()).result.find((event) => event.__id === id)).placesTaken;
  const card = async (id: string) =>
    platformScripts.getEventById.output.parse(
      (await read('functions', 'getEventById', { id }).expect(200)).body,
    ).data;
  const programs = async (eventId: string) =>
    platformScripts.getEventPrograms.output.parse(
      (await read('functions', 'getEventPrograms', { eventId }).expect(200)).body,
    ).result;
  const eligibility = async (sportsmanId: string, competitionId: string) =>
    platformScripts.getApplicationEligibility.output.parse(
      (await read('application', 'getApplicationEligibility', { sportsmanId, competitionId }).expect(200))
        .body,
    ).data;
  /** An application to the first program open to the athlete. */
  const apply = async (sportsmanId: string, competitionId: string) => {
    const open = must(
      (await eligibility(sportsmanId, competitionId)).programs.find((entry) => entry.eligible),
    );
    return platformScripts.createApplication.output.parse(
      (
        await script('application', 'createApplication', {
          sportsmanId,
          competitionId,
          programIds: [open.programId],
          coach: null,
          acceptOffer: true,
        }).expect(200)
      ).body,
    ).data;
  };

  beforeEach(async () => {
    clock = new ManualClock();
    twin = await startTwin({ clock });
  });
  afterEach(async () => {
    await twin.dispose();
  });

  it('answers an application on the next read of its event: places, eligibility', async () => {
    const event = demoCompetitions.federationCup;
    const before = { page: await placesOnPage(event), card: (await card(event)).placesTaken };
    expect(await eligibility(demoFamily.parentId, event)).toMatchObject({
      eligible: true,
      existingRequestId: null,
    });

    const applied = await apply(demoFamily.parentId, event);

    expect(await placesOnPage(event)).toBe(before.page + 1);
    expect((await card(event)).placesTaken).toBe(before.card + 1);
    const after = await eligibility(demoFamily.parentId, event);
    expect(after.existingRequestId).toBe(applied.__id);
    expect(after.reasons.map((reason) => reason.code)).toEqual(['already_applied']);
  });

  it('answers two writes at once: both show on the reads after them', async () => {
    const [sonId] = demoFamily.childIds;
    const events = [demoCompetitions.federationCup, demoCompetitions.clubChildren];
    const before = await Promise.all(events.map((event) => placesOnPage(event)));
    const checks = await Promise.all([
      eligibility(demoFamily.parentId, demoCompetitions.federationCup),
      eligibility(sonId, demoCompetitions.clubChildren),
    ]);
    expect(checks.map((check) => check.existingRequestId)).toEqual([null, null]);

    const applied = await Promise.all([
      apply(demoFamily.parentId, demoCompetitions.federationCup),
      apply(sonId, demoCompetitions.clubChildren),
    ]);

    expect(await Promise.all(events.map((event) => placesOnPage(event)))).toEqual(before.map((n) => n + 1));
    const after = await Promise.all([
      eligibility(demoFamily.parentId, demoCompetitions.federationCup),
      eligibility(sonId, demoCompetitions.clubChildren),
    ]);
    expect(after.map((check) => check.existingRequestId)).toEqual(applied.map((request) => request.__id));
  });

  it('answers a change of a program on the event’s programs and card', async () => {
    const event = demoCompetitions.clubOpen;
    const program = must((await programs(event))[0]);
    expect((await card(event)).programs.map((entry) => entry.__name)).toContain(program.__name);

    await http()
      .post(`/sandbox/elma/pub/v1/app/sport/${platformApps.programs}/${program.__id}/update`)
      .set(auth)
      .send({ context: { __name: 'Ката, переименованная' } })
      .expect(200);

    const renamed = (list: ReadonlyArray<{ __id: string; __name: string }>) =>
      list.find((entry) => entry.__id === program.__id)?.__name;
    expect(renamed(await programs(event))).toBe('Ката, переименованная');
    expect(renamed((await card(event)).programs)).toBe('Ката, переименованная');
  });

  it('answers the clock with no write: the deadline closes registration, the day makes an event past', async () => {
    const event = demoCompetitions.federationCup;
    const open = await card(event);
    expect(open.registrationOpen).toBe(true);
    expect(await eligibility(demoFamily.parentId, event)).toMatchObject({ eligible: true });

    clock.set(new Date(open.registration_deadline).getTime() + 1);
    expect((await card(event)).registrationOpen).toBe(false);
    expect((await eligibility(demoFamily.parentId, event)).reasons.map((reason) => reason.code)).toContain(
      'registration_closed',
    );
    expect((await upcoming()).result.map((listed) => listed.__id)).toContain(event);

    // The day after the start (Moscow midnight, three hours before UTC's): no longer upcoming.
    clock.set(new Date(open.date_start).getTime() + 86_400_000);
    expect((await upcoming()).result.map((listed) => listed.__id)).not.toContain(event);
  });

  it('keeps nothing read inside a transaction that rolls back', () => {
    const items = twin.app.get(ItemsRepository);
    const offers = () => items.derived('offers counted', () => items.count(platformApps.offer));
    const before = offers();
    expect(() =>
      items.transaction(() => {
        items.insert(platformApps.offer, { name: 'Оферта, которой не будет', fields: {} });
        expect(offers()).toBe(before + 1);
        throw new Error('rolled back');
      }),
    ).toThrow('rolled back');
    expect(offers()).toBe(before);
  });
});
