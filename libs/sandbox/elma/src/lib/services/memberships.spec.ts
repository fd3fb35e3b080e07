import { platformApps, platformScripts, type RequestRecord } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAthleteExpired, demoCompetitions, demoFamily } from '../seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from '../testing/twin-harness';
import { twinCalls } from '../testing/twin-calls';
import { DEFAULT_TEST_INSTANT, instantOf, ManualClock } from '@fed/calendar';
import {
  choiceCovering,
  offeredSeason,
  seasonAtPayment,
  seasonChoices,
  seasonEnd,
  seasonOf,
  termAfterPaying,
} from './membership-terms';
import { formatMembershipNumber } from './memberships.service';
import { paymentBlock } from './payment-rules';

const DAY = 86_400_000;
const { extensions } = sandboxPublicConfig;
const auth = { Authorization: `Bearer ${TEST_TOKEN}` };

/** The platform's calls on a running twin, as the api makes them with the server's token. */
function twinClient(current: () => TwinHarness) {
  const calls = twinCalls(current);
  const { script, read } = calls;
  return {
    ...calls,
    write: (name: string, body: unknown) => script('requests', name, body),
    status: async (sportsmanId: string, competitionId?: string) =>
      platformScripts.getMembershipStatus.output.parse(
        (
          await read('requests', 'getMembershipStatus', {
            sportsmanId,
            ...(competitionId ? { competitionId } : {}),
          }).expect(200)
        ).body,
      ).data,
    view: async (id: string) =>
      platformScripts.getApplicationById.output.parse(
        (await read('application', 'getApplicationById', { id }).expect(200)).body,
      ).data,
  };
}

describe('membership terms', () => {
  const now = new Date('2026-11-24T09:00:00Z');

  it('ends a season on 31 December at 23:59:59 Moscow time, and counts seasons on Moscow’s calendar', () => {
    expect(seasonEnd(2026).toISOString()).toBe('2026-12-31T20:59:59.000Z');
    expect(seasonOf(new Date('2026-12-31T21:30:00Z'))).toBe(2027);
    expect(seasonOf(new Date('2026-12-31T20:30:00Z'))).toBe(2026);
  });

  it('calendar year: the current season until it is held, then the next; a term never moves back', () => {
    expect(offeredSeason('calendar_year', null, now, 30)).toBe(2026);
    expect(offeredSeason('calendar_year', new Date('2026-11-04T20:59:00Z'), now, 30)).toBe(2026);
    expect(offeredSeason('calendar_year', seasonEnd(2026), now, 30)).toBe(2027);
    expect(termAfterPaying('calendar_year', null, 2026, now)).toEqual(seasonEnd(2026));
    expect(termAfterPaying('calendar_year', seasonEnd(2027), 2026, now)).toEqual(seasonEnd(2027));
  });

  it('twelve months: from the payment, or from the end of a term still running, to the end of the Moscow day', () => {
    expect(termAfterPaying('twelve_months', null, 2026, now).toISOString()).toBe('2027-11-24T20:59:59.000Z');
    expect(termAfterPaying('twelve_months', new Date('2027-01-10T20:59:00Z'), 2027, now).toISOString()).toBe(
      '2028-01-10T20:59:59.000Z',
    );
    // Paid at 00:30 Moscow on 2 December (21:30 UTC on the 1st): the Moscow day counts.
    expect(termAfterPaying('twelve_months', null, 2026, new Date('2026-12-01T21:30:00Z')).toISOString()).toBe(
      '2027-12-02T20:59:59.000Z',
    );
    // Paid on a leap day: twelve months end on 28 February, not on 1 March.
    expect(termAfterPaying('twelve_months', null, 2028, new Date('2028-02-29T09:00:00Z')).toISOString()).toBe(
      '2029-02-28T20:59:59.000Z',
    );
    expect(offeredSeason('twelve_months', new Date('2027-01-10T20:59:00Z'), now, 30)).toBe(2027);
    // Twelve months from the payment are twelve months whenever paid: no season to run out.
    expect(offeredSeason('twelve_months', null, new Date('2026-12-20T09:00:00Z'), 30)).toBe(2026);
  });

  it('calendar year: within the reminder period before the season ends, the next season is offered', () => {
    // 30 days before 31 December 23:59:59 Moscow time is 1 December, 23:59:59.
    const windowOpens = new Date(seasonEnd(2026).getTime() - 30 * DAY);
    expect(offeredSeason('calendar_year', null, new Date(windowOpens.getTime() - 1000), 30)).toBe(2026);
    expect(offeredSeason('calendar_year', null, windowOpens, 30)).toBe(2027);
    expect(offeredSeason('calendar_year', null, new Date('2026-12-26T09:00:00Z'), 30)).toBe(2027);
    // A lapsed term changes nothing; the period is the federation's setting.
    expect(offeredSeason('calendar_year', new Date('2026-06-30T20:59:00Z'), windowOpens, 30)).toBe(2027);
    expect(offeredSeason('calendar_year', null, new Date('2026-11-26T09:00:00Z'), 30)).toBe(2026);
    expect(offeredSeason('calendar_year', null, new Date('2026-11-26T09:00:00Z'), 45)).toBe(2027);
    // The next season's term covers what is left of this one too.
    expect(termAfterPaying('calendar_year', null, 2027, windowOpens)).toEqual(seasonEnd(2027));
  });

  it('sells the next season ahead of time, and with an entry fee the season the event falls in', () => {
    // 29 November: the current season is on sale, and the next one ahead of time.
    const november = new Date('2026-11-29T09:00:00Z');
    const choices = seasonChoices('calendar_year', null, november, 30);
    expect(choices).toEqual([
      { season: 2026, termUntil: seasonEnd(2026) },
      { season: 2027, termUntil: seasonEnd(2027) },
    ]);
    // A January event: the 2026 term would end before it starts; the 2027 one covers it.
    const januaryEvent = new Date('2027-01-03T07:00:00Z');
    expect(choiceCovering(choices, januaryEvent)).toEqual({ season: 2027, termUntil: seasonEnd(2027) });
    expect(choiceCovering(choices, new Date('2026-12-20T07:00:00Z'))?.season).toBe(2026);
    expect(choiceCovering(choices, new Date('2028-01-15T07:00:00Z'))).toBeNull();
    // 20 December: only the next season is sold; it covers a January event too.
    const december = seasonChoices('calendar_year', null, new Date('2026-12-20T09:00:00Z'), 30);
    expect(december).toEqual([{ season: 2027, termUntil: seasonEnd(2027) }]);
    // Twelve months: one choice, from the payment.
    expect(seasonChoices('twelve_months', null, november, 30)).toEqual([
      { season: 2026, termUntil: new Date('2027-11-29T20:59:59.000Z') },
    ]);
  });

  it('a request made the minute before the reminder period and paid the minute after buys the next season', () => {
    // 23:55 Moscow on 1 December: 2026 is sold; 00:05 on 2 December: the period has begun, 2027 is sold.
    const made = new Date('2026-12-01T20:55:00Z');
    const paid = new Date('2026-12-01T21:05:00Z');
    expect(offeredSeason('calendar_year', null, made, 30)).toBe(2026);
    expect(seasonAtPayment('calendar_year', 2026, null, paid, 30)).toBe(2027);
    // Made ahead of time for the next season, it stays that season.
    expect(seasonAtPayment('calendar_year', 2027, null, new Date('2026-11-29T09:00:00Z'), 30)).toBe(2027);
    // Paid again after the season is held: the next one.
    expect(
      seasonAtPayment('calendar_year', 2026, seasonEnd(2026), new Date('2026-11-29T09:00:00Z'), 30),
    ).toBe(2027);
  });

  it('writes membership numbers as seven digits', () => {
    expect(formatMembershipNumber(1)).toBe('0000001');
    expect(formatMembershipNumber(1234)).toBe('0001234');
  });
});

describe('what may be paid', () => {
  const now = new Date('2026-11-24T09:00:00Z');
  const fee = { cents: 150_000, currency: 'RUB' };
  const event = { dateStart: '2026-12-22T07:00:00Z', registrationDeadline: '2026-12-15T20:59:00Z' };
  const application = (patch: Partial<RequestRecord> = {}) =>
    ({
      requestState: 'new',
      payment_status: 'unpaid',
      nomenclature_type: 'competition',
      fee,
      ...patch,
    }) as Pick<RequestRecord, 'requestState' | 'payment_status' | 'nomenclature_type' | 'fee'>;

  it('takes an entry fee once applied, while registration is open and the membership lasts', () => {
    const member = '2027-01-01T00:00:00Z';
    for (const state of ['new', 'under_review', 'returned', 'approved'] as const) {
      expect(
        paymentBlock(
          { request: application({ requestState: state }), competition: event, membershipUntil: member },
          now,
        ),
      ).toBeNull();
    }
    expect(
      paymentBlock(
        { request: application({ requestState: 'rejected' }), competition: event, membershipUntil: member },
        now,
      ),
    ).toMatch(/отклонена/);
    expect(
      paymentBlock(
        { request: application({ payment_status: 'paid' }), competition: event, membershipUntil: member },
        now,
      ),
    ).toBe('Уже оплачено');
    expect(
      paymentBlock(
        { request: application(), competition: event, membershipUntil: member },
        new Date('2026-12-16T00:00:00Z'),
      ),
    ).toMatch(/Приём заявок закрыт 15\.12\.2026/);
    expect(
      paymentBlock(
        { request: application(), competition: event, membershipUntil: '2026-12-01T00:00:00Z' },
        now,
      ),
    ).toMatch(/Членство закончится раньше/);
  });

  it('takes a membership fee once the federation accepted the request', () => {
    const membership = (requestState: RequestRecord['requestState']) =>
      application({ nomenclature_type: 'membership', requestState });
    expect(
      paymentBlock({ request: membership('approved'), competition: null, membershipUntil: null }, now),
    ).toBeNull();
    expect(
      paymentBlock({ request: membership('new'), competition: null, membershipUntil: null }, now),
    ).toMatch(/не принята/);
  });
});

/** Membership and payments on the twin's demo federation, with a clock the tests move. */
describe('ELMA twin: membership and payments', () => {
  const start = new Date(DEFAULT_TEST_INSTANT);
  const clock = new ManualClock(start);
  let twin: TwinHarness;
  const { http, read, write, pub, status, view } = twinClient(() => twin);

  beforeAll(async () => {
    twin = await startTwin({ clock });
  });
  afterAll(() => twin.dispose());

  it('answers the membership of a lapsed athlete: the rule, the fee, the season and what it gives', async () => {
    const lapsed = await status(demoAthleteExpired.sportsmanId);
    const season = offeredSeason('calendar_year', null, instantOf(clock), 30);
    expect(lapsed).toMatchObject({
      active: false,
      rule: 'calendar_year',
      fee: { cents: 150_000, currency: 'RUB' },
      season,
      offeredTermUntil: seasonEnd(season).toISOString(),
      membershipNumber: expect.stringMatching(/^\d{7}$/),
      canApply: true,
      reasons: [],
    });
    expect(lapsed.requirements).toEqual([
      { code: 'photo', met: true, title: 'Фотография в профиле', message: null },
    ]);
    // The seeded request awaiting payment is the open one.
    expect(lapsed.openRequestId).not.toBeNull();
  });

  it('requires a legal representative of a minor and a photo, each named', async () => {
    const daughter = await status(demoFamily.childIds[1]);
    expect(daughter.canApply).toBe(false);
    expect(daughter.reasons).toContain('Добавьте законного представителя в профиле');
    await write('createMembershipRequest', { sportsmanId: demoFamily.childIds[1] })
      .expect(400)
      .expect((answer) => expect(answer.body.error).toMatch(/законного представителя/));
  });

  it('makes one membership request per season and refuses other seasons', async () => {
    const son = demoFamily.childIds[0];
    const current = await status(son);
    const created = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: son }).expect(200)).body,
    ).data;
    expect(created).toMatchObject({
      nomenclature_type: 'membership',
      requestState: 'approved',
      payment_status: 'unpaid',
      season: current.season,
      fee: current.fee,
      payable: true,
    });
    expect(created.state_history.map((entry) => entry.to)).toEqual(['new', 'under_review', 'approved']);
    const again = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: son, season: current.season }).expect(200)).body,
    ).data;
    expect(again.__id).toBe(created.__id);
    await write('createMembershipRequest', { sportsmanId: son, season: current.season + 5 }).expect(400);
    expect((await status(son)).openRequestId).toBe(created.__id);
  });

  it('pays requests once for an order, memberships first, and refuses what was withdrawn', async () => {
    const athlete = demoAthleteExpired.sportsmanId;
    const membership = (await status(athlete)).openRequestId ?? '';
    const terms = platformScripts.getPaymentTerms.output.parse(
      (await read('requests', 'getPaymentTerms', { requestIds: [membership, 'no-such-request'] }).expect(200))
        .body,
    );
    expect(terms.result).toEqual([
      expect.objectContaining({
        requestId: membership,
        kind: 'membership',
        payable: true,
        reason: null,
        sportsmanId: athlete,
      }),
    ]);
    expect(terms.result[0]?.title).toMatch(/^Членский взнос ФКЕ, сезон \d{4}$/);
    const body = { requestIds: [membership], orderId: 'order-1', paymentId: 'payment-1' };
    const paid = platformScripts.markRequestsPaid.output.parse(
      (await write('markRequestsPaid', body).expect(200)).body,
    );
    expect(paid.result).toMatchObject([
      { requestId: membership, outcome: 'paid', request: { requestState: 'paid' } },
    ]);
    const paidStatus = await status(athlete);
    const term = paidStatus.termUntil;
    expect(term).toBe(seasonEnd(offeredSeason('calendar_year', null, instantOf(clock), 30)).toISOString());
    const repeated = platformScripts.markRequestsPaid.output.parse(
      (await write('markRequestsPaid', body).expect(200)).body,
    );
    expect(repeated.result).toMatchObject([{ outcome: 'already_paid' }]);
    expect((await view(membership)).state_history.filter((entry) => entry.to === 'paid')).toHaveLength(1);
    const other = platformScripts.markRequestsPaid.output.parse(
      (await write('markRequestsPaid', { ...body, orderId: 'order-2' }).expect(200)).body,
    );
    expect(other.result).toMatchObject([{ outcome: 'refused', reason: 'Уже оплачено другим заказом' }]);
    expect((await status(athlete)).termUntil).toBe(term);
  });

  it('refunds a paid application once, for one refund', async () => {
    const parent = demoFamily.parentId;
    const eligibility = platformScripts.getApplicationEligibility.output.parse(
      (
        await read('application', 'getApplicationEligibility', {
          sportsmanId: parent,
          competitionId: demoCompetitions.federationCup,
        }).expect(200)
      ).body,
    ).data;
    const programId = eligibility.programs.find((program) => program.eligible)?.programId ?? '';
    const created = platformScripts.createApplication.output.parse(
      (
        await http()
          .post(`/sandbox/elma/api/extensions/${extensions.application}/script/createApplication`)
          .set(auth)
          .send({
            sportsmanId: parent,
            competitionId: demoCompetitions.federationCup,
            programIds: [programId],
            acceptOffer: true,
          })
          .expect(200)
      ).body,
    ).data;
    await write('markRequestsPaid', {
      requestIds: [created.__id],
      orderId: 'order-3',
      paymentId: 'payment-3',
    }).expect(200);
    const paid = await view(created.__id);
    expect(paid).toMatchObject({
      requestState: 'new',
      payment_status: 'paid',
      payable: false,
    });
    const refund = { requestId: created.__id, refundId: 'refund-1', state: 'cancelled' };
    const refunded = platformScripts.refundRequest.output.parse(
      (await write('refundRequest', refund).expect(200)).body,
    ).data;
    expect(refunded).toMatchObject({
      requestState: 'cancelled',
      payment_status: 'refunded',
      refund_id: 'refund-1',
    });
    await write('refundRequest', refund).expect(200);
    expect((await view(created.__id)).state_history.filter((entry) => entry.to === 'cancelled')).toHaveLength(
      1,
    );
    await write('refundRequest', { ...refund, refundId: 'refund-2' }).expect(400);
  });

  it('warns before the term ends: 30 days ahead, and earlier for an event that starts after it', async () => {
    const son = demoFamily.childIds[0];
    const eligibility = platformScripts.getApplicationEligibility.output.parse(
      (
        await read('application', 'getApplicationEligibility', {
          sportsmanId: son,
          competitionId: demoCompetitions.clubChildren,
        }).expect(200)
      ).body,
    ).data;
    await http()
      .post(`/sandbox/elma/api/extensions/${extensions.application}/script/createApplication`)
      .set(auth)
      .send({
        sportsmanId: son,
        competitionId: demoCompetitions.clubChildren,
        programIds: [eligibility.programs.find((program) => program.eligible)?.programId],
        acceptOffer: true,
      })
      .expect(200);
    // Then the platform's staff shorten his membership to ten days from now: before the event's start.
    const memberships = (
      await pub(`/app/sport/${platformApps.memberships}/list`, {
        filter: { tf: { sportsman: son } },
        size: 100,
      }).expect(200)
    ).body.result.result as Array<{ __id: string }>;
    const until = new Date(clock.now() + 10 * DAY).toISOString();
    for (const item of memberships) {
      await pub(`/app/sport/${platformApps.memberships}/${item.__id}/update`, {
        context: { valid_until: until },
      }).expect(200);
    }
    const reminders = platformScripts.getMembershipReminders.output.parse(
      (await read('requests', 'getMembershipReminders', { sportsmanId: son }).expect(200)).body,
    );
    // Every event he entered that starts after the term (the seeded ones too), soonest first, then the 30 days.
    const kinds = reminders.result.map((reminder) => reminder.kind);
    expect(kinds.at(-1)).toBe('expires_soon');
    expect(new Set(kinds.slice(0, -1))).toEqual(new Set(['expires_before_event']));
    const children = reminders.result.find(
      (reminder) => reminder.competitionId === demoCompetitions.clubChildren,
    );
    expect(children).toMatchObject({ termUntil: until });
    expect(children?.message).toMatch(/^Членство закончится до начала турнира «Первенство СК «Сэнсэй»/);
    const due = platformScripts.getDueMembershipReminders.output.parse(
      (await read('requests', 'getDueMembershipReminders', { size: 100 }).expect(200)).body,
    );
    expect(due.result.find((entry) => entry.sportsmanId === son)).toMatchObject({ termUntil: until });
    expect(
      due.result.every((entry) => entry.reminders.every((reminder) => reminder.kind !== 'expired')),
    ).toBe(true);
    // Once the term has ended the cabinet says so; the SMS job is not asked to send it.
    clock.advance(11 * DAY);
    const later = platformScripts.getMembershipReminders.output.parse(
      (await read('requests', 'getMembershipReminders', { sportsmanId: son }).expect(200)).body,
    );
    expect(later.result.map((reminder) => reminder.kind).at(-1)).toBe('expired');
    expect(later.result.map((reminder) => reminder.kind)).not.toContain('expires_soon');
    expect(later.result[0]?.message).toMatch(/^Членство закончилось .* — раньше начала турнира/);
    clock.set(start);
  });

  it('follows the settings record: twelve months from the payment', async () => {
    const settings = (await pub(`/app/sport/${platformApps.settings}/list`, { size: 1 }).expect(200)).body
      .result.result as Array<{
      __id: string;
    }>;
    await pub(`/app/sport/${platformApps.settings}/${settings[0]?.__id}/update`, {
      context: { membership_term_rule: 'twelve_months', membership_fee: { cents: 200_000, currency: 'RUB' } },
    }).expect(200);
    const lapsed = await status(demoFamily.childIds[1]);
    expect(lapsed).toMatchObject({ rule: 'twelve_months', fee: { cents: 200_000, currency: 'RUB' } });
    expect(lapsed.ruleText).toMatch(/двенадцать месяцев/);
  });
});

/** A calendar-year federation late in the season (the reminder period, 30 days, has begun), on a fixed clock. */
describe('ELMA twin: membership late in the season', () => {
  const now = new Date('2026-12-10T09:00:00Z');
  const clock = new ManualClock(now);
  let twin: TwinHarness;
  const client = twinClient(() => twin);
  const { http, write, pub, status } = client;
  const read = (name: string, data: unknown) => client.read('requests', name, data);
  /** Every membership number the federation has given. */
  const numbers = async () => {
    const records = (await pub(`/app/sport/${platformApps.sportsman}/list`, { size: 100 }).expect(200)).body
      .result.result as Array<{ membership_number?: string }>;
    return records.flatMap((record) => record.membership_number ?? []);
  };

  beforeAll(async () => {
    twin = await startTwin({ clock });
  });
  afterAll(() => twin.dispose());

  it('offers the next season and says why; the request, the payment terms and the paid term are that season’s', async () => {
    const athlete = demoAthleteExpired.sportsmanId;
    const offer = await status(athlete);
    expect(offer).toMatchObject({ season: 2027, offeredTermUntil: seasonEnd(2027).toISOString() });
    expect(offer.seasonNote).toBe(
      'Сезон 2026 заканчивается 31.12.2026: взнос, оплаченный сейчас, идёт за сезон 2027, а членство действует уже с оплаты',
    );
    const created = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: athlete }).expect(200)).body,
    ).data;
    expect(created.season).toBe(2027);
    // Only the season offered: this one would last three weeks.
    await write('createMembershipRequest', { sportsmanId: athlete, season: 2026 })
      .expect(400)
      .expect((answer) => expect(answer.body.error).toBe('Членство можно оформить на сезон 2027'));
    const [terms] = platformScripts.getPaymentTerms.output.parse(
      (await read('getPaymentTerms', { requestIds: [created.__id] }).expect(200)).body,
    ).result;
    expect(terms).toMatchObject({
      season: 2027,
      title: 'Членский взнос ФКЕ, сезон 2027',
      details: 'Волкова Екатерина Сергеевна: членство до 31.12.2027',
      payable: true,
    });
    const number = offer.membershipNumber;
    await write('markRequestsPaid', {
      requestIds: [created.__id],
      orderId: 'o-late',
      paymentId: 'p-late',
    }).expect(200);
    const paid = await status(athlete);
    expect(paid).toMatchObject({ active: true, termUntil: seasonEnd(2027).toISOString(), seasonNote: null });
    // A renewal keeps the member's number.
    expect(paid.membershipNumber).toBe(number);
  });

  it('moves an unpaid request made for the ending season to the season offered now', async () => {
    const son = demoFamily.childIds[0];
    await pub(`/app/sport/${platformApps.sportsman}/${son}/update`, {
      context: { term_membership: null, membership_number: null },
    }).expect(200);
    // Made on 20 November, before the period began: for 2026, and left unpaid.
    clock.set('2026-11-20T09:00:00Z');
    const stale = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: son }).expect(200)).body,
    ).data;
    expect(stale.season).toBe(2026);
    clock.set(now);
    // It is not offered for paying as it is…
    expect((await status(son)).openRequestId).toBeNull();
    // …a new request takes it over for 2027.
    const renewed = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: son }).expect(200)).body,
    ).data;
    expect(renewed).toMatchObject({
      __id: stale.__id,
      season: 2027,
      __name: expect.stringMatching(/^Членство 2027/),
    });
    expect((await status(son)).openRequestId).toBe(stale.__id);
  });

  it('gives a first member the next number of the sequence, and keeps it', async () => {
    const parent = demoFamily.parentId;
    // The platform's staff make him a newcomer: never a member, no number.
    await pub(`/app/sport/${platformApps.sportsman}/${parent}/update`, {
      context: { term_membership: null, membership_number: null },
    }).expect(200);
    const given = await numbers();
    expect(given.length).toBeGreaterThan(10);
    expect(new Set(given).size).toBe(given.length);
    expect((await status(parent)).membershipNumber).toBeNull();
    const created = platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: parent }).expect(200)).body,
    ).data;
    await write('markRequestsPaid', {
      requestIds: [created.__id],
      orderId: 'o-new',
      paymentId: 'p-new',
    }).expect(200);
    const highest = Math.max(...given.map(Number));
    const member = await status(parent);
    expect(member.membershipNumber).toBe(formatMembershipNumber(highest + 1));
    expect(member.termUntil).toBe(seasonEnd(2027).toISOString());
    // The owner's record carries it too.
    const record = (
      await http().get(`/sandbox/elma/pub/v1/app/sport/${platformApps.sportsman}/${parent}/get`).set(auth)
    ).body.item as { membership_number?: string };
    expect(record.membership_number).toBe(member.membershipNumber);
  });
});

/**
 * At the season's edges, the membership sold with an entry fee is the season the event falls in, and the one
 * sold alone is the one today's rule gives; each twin is seeded on the day the test stands on.
 */
describe('ELMA twin: a membership that covers what it is bought for', () => {
  const clock = new ManualClock(DEFAULT_TEST_INSTANT);
  let twin: TwinHarness | undefined;
  const client = twinClient(() => twin as TwinHarness);
  const { read, write, pub, status, view } = client;
  const athlete = demoAthleteExpired.sportsmanId;
  const cup = demoCompetitions.federationCup;

  async function startAt(instant: string): Promise<void> {
    clock.set(instant);
    twin = await startTwin({ clock });
  }
  afterEach(async () => {
    await twin?.dispose();
    twin = undefined;
  });

  const eventStart = async (id: string) =>
    new Date(
      (
        (
          await client
            .http()
            .get(`/sandbox/elma/pub/v1/app/sport/${platformApps.competitions}/${id}/get`)
            .set(auth)
        ).body.item as { date_start: string }
      ).date_start,
    );
  const eligibility = async (competitionId: string) =>
    platformScripts.getApplicationEligibility.output.parse(
      (
        await read('application', 'getApplicationEligibility', {
          sportsmanId: athlete,
          competitionId,
        }).expect(200)
      ).body,
    ).data;
  const paymentTerms = async (requestIds: string[]) =>
    platformScripts.getPaymentTerms.output.parse(
      (await read('requests', 'getPaymentTerms', { requestIds }).expect(200)).body,
    ).result;
  const createMembership = async (body: object) =>
    platformScripts.createMembershipRequest.output.parse(
      (await write('createMembershipRequest', { sportsmanId: athlete, ...body }).expect(200)).body,
    ).data;
  const termNow = async () => (await status(athlete)).termUntil;

  /** Applies to the event with the membership the status sells for it, pays both in one order, and checks the event is covered. */
  async function applyAndPayWithMembership(competitionId: string, season: number) {
    const offer = await status(athlete, competitionId);
    expect(offer).toMatchObject({
      season,
      offeredTermUntil: seasonEnd(season).toISOString(),
      event: { competitionId, covered: true },
    });
    const membership = await createMembership({ competitionId });
    expect(membership.season).toBe(season);
    const before = await eligibility(competitionId);
    expect(before.reasons.map((reason) => reason.code)).toEqual(['membership_expired']);
    const programId = before.programs.find((program) => program.eligible)?.programId;
    const application = platformScripts.createApplication.output.parse(
      (
        await client
          .script('application', 'createApplication', {
            sportsmanId: athlete,
            competitionId,
            programIds: [programId],
            acceptOffer: true,
            membershipRequestId: membership.__id,
          })
          .expect(200)
      ).body,
    ).data;
    const terms = await paymentTerms([application.__id]);
    expect(terms.map((term) => [term.kind, term.payable])).toEqual([
      ['competition', true],
      ['membership', true],
    ]);
    expect(terms[1]?.title).toBe(`Членский взнос ФКЕ, сезон ${season}`);
    await write('markRequestsPaid', {
      requestIds: [application.__id, membership.__id],
      orderId: `order-${season}`,
      paymentId: `payment-${season}`,
    }).expect(200);
    expect(await termNow()).toBe(seasonEnd(season).toISOString());
    expect((await eligibility(competitionId)).reasons.map((reason) => reason.code)).toEqual([
      'already_applied',
    ]);
  }

  it('on 29 November, a January event sells the season it falls in, not the one ending before it', async () => {
    await startAt('2026-11-29T09:00:00Z');
    expect(seasonOf(await eventStart(cup))).toBe(2027);
    // Alone, this season is sold, and the next one may be bought ahead of time.
    const alone = await status(athlete);
    expect(alone).toMatchObject({ season: 2026, seasonNote: null, event: null });
    expect(alone.seasonChoices.map((choice) => choice.season)).toEqual([2026, 2027]);
    const forCup = await status(athlete, cup);
    expect(forCup.seasonNote).toBe(
      'Мероприятие проходит в сезоне 2027: взнос, оплаченный сейчас, идёт за сезон 2027, а членство действует уже с оплаты',
    );
    // The seeded unpaid request is for 2026: it is not the one to pay for this event.
    expect(forCup.openRequestId).toBeNull();
    await applyAndPayWithMembership(cup, 2027);
  });

  it('on 20 December, the next season is sold alone and with a January event alike', async () => {
    await startAt('2026-12-20T09:00:00Z');
    const alone = await status(athlete);
    expect(alone).toMatchObject({
      season: 2027,
      offeredTermUntil: seasonEnd(2027).toISOString(),
      seasonNote:
        'Сезон 2026 заканчивается 31.12.2026: взнос, оплаченный сейчас, идёт за сезон 2027, а членство действует уже с оплаты',
    });
    expect(alone.seasonChoices).toEqual([{ season: 2027, termUntil: seasonEnd(2027).toISOString() }]);
    await applyAndPayWithMembership(cup, 2027);
  });

  it('on 20 December, a membership bought alone is the next season’s and says so', async () => {
    await startAt('2026-12-20T09:00:00Z');
    const membership = await createMembership({});
    expect(membership.season).toBe(2027);
    await write('createMembershipRequest', { sportsmanId: athlete, season: 2026 })
      .expect(400)
      .expect((answer) => expect(answer.body.error).toBe('Членство можно оформить на сезон 2027'));
    await write('markRequestsPaid', {
      requestIds: [membership.__id],
      orderId: 'order-alone',
      paymentId: 'payment-alone',
    }).expect(200);
    expect(await termNow()).toBe(seasonEnd(2027).toISOString());
  });

  it('made at 23:55 on 1 December and paid at 00:05 on 2 December, it buys the season the fee buys then', async () => {
    await startAt('2026-12-01T20:55:00Z');
    const membership = await createMembership({});
    expect(membership.season).toBe(2026);
    clock.set('2026-12-01T21:05:00Z');
    const [terms] = await paymentTerms([membership.__id]);
    expect(terms).toMatchObject({ season: 2027, title: 'Членский взнос ФКЕ, сезон 2027' });
    expect(terms?.details).toMatch(/членство до 31\.12\.2027$/);
    await write('markRequestsPaid', {
      requestIds: [membership.__id],
      orderId: 'order-midnight',
      paymentId: 'payment-midnight',
    }).expect(200);
    expect(await termNow()).toBe(seasonEnd(2027).toISOString());
    expect(await view(membership.__id)).toMatchObject({ season: 2027 });
  });

  it('under the twelve-month rule, paid on 29 February 2028, lasts to the end of 28 February 2029', async () => {
    await startAt('2028-02-29T09:00:00Z');
    const settings = (await pub(`/app/sport/${platformApps.settings}/list`, { size: 1 }).expect(200)).body
      .result.result as Array<{ __id: string }>;
    await pub(`/app/sport/${platformApps.settings}/${settings[0]?.__id}/update`, {
      context: { membership_term_rule: 'twelve_months' },
    }).expect(200);
    const offer = await status(athlete, cup);
    expect(offer).toMatchObject({
      rule: 'twelve_months',
      offeredTermUntil: '2029-02-28T20:59:59.000Z',
      event: { competitionId: cup, covered: true },
    });
    const membership = await createMembership({});
    await write('markRequestsPaid', {
      requestIds: [membership.__id],
      orderId: 'order-leap',
      paymentId: 'payment-leap',
    }).expect(200);
    expect(await termNow()).toBe('2029-02-28T20:59:59.000Z');
  });
});
