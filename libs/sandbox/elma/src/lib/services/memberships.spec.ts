import { platformApps, platformScripts, type RequestRecord } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAthleteExpired, demoCompetitions, demoFamily } from '../seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from '../testing/twin-harness';
import { offeredSeason, seasonEnd, seasonOf, termAfterPaying } from './memberships.service';
import { paymentBlock } from './payment-rules';

const DAY = 86_400_000;

describe('membership terms', () => {
  const now = new Date('2026-11-24T09:00:00Z');

  it('ends a season on 31 December at 23:59:59 Moscow time, and counts seasons on Moscow’s calendar', () => {
    expect(seasonEnd(2026).toISOString()).toBe('2026-12-31T20:59:59.000Z');
    expect(seasonOf(new Date('2026-12-31T21:30:00Z'))).toBe(2027);
    expect(seasonOf(new Date('2026-12-31T20:30:00Z'))).toBe(2026);
  });

  it('calendar year: the current season until it is held, then the next; a term never moves back', () => {
    expect(offeredSeason('calendar_year', null, now)).toBe(2026);
    expect(offeredSeason('calendar_year', new Date('2026-11-04T20:59:00Z'), now)).toBe(2026);
    expect(offeredSeason('calendar_year', seasonEnd(2026), now)).toBe(2027);
    expect(termAfterPaying('calendar_year', null, 2026, now)).toEqual(seasonEnd(2026));
    expect(termAfterPaying('calendar_year', seasonEnd(2027), 2026, now)).toEqual(seasonEnd(2027));
  });

  it('twelve months: from the payment, or from the end of a term still running', () => {
    expect(termAfterPaying('twelve_months', null, 2026, now).toISOString()).toBe('2027-11-24T09:00:00.000Z');
    expect(termAfterPaying('twelve_months', new Date('2027-01-10T20:59:00Z'), 2027, now).toISOString()).toBe(
      '2028-01-10T20:59:00.000Z',
    );
    expect(offeredSeason('twelve_months', new Date('2027-01-10T20:59:00Z'), now)).toBe(2027);
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
  const { extensions } = sandboxPublicConfig;
  const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
  let clock = new Date();
  let twin: TwinHarness;
  const http = () => request(twin.app.getHttpServer());
  const write = (name: string, body: unknown) =>
    http()
      .post(`/sandbox/elma/api/extensions/${extensions.requests}/script/${name}`)
      .set(auth)
      .send(body as object);
  const read = (module: keyof typeof extensions, name: string, data: unknown) =>
    http()
      .get(`/sandbox/elma/api/extensions/${extensions[module]}/script/${name}`)
      .set(auth)
      .query({ data: JSON.stringify(data) });
  const pub = (tail: string, body: unknown) =>
    http()
      .post(`/sandbox/elma/pub/v1${tail}`)
      .set(auth)
      .send(body as object);
  const status = async (sportsmanId: string) =>
    platformScripts.getMembershipStatus.output.parse(
      (await read('requests', 'getMembershipStatus', { sportsmanId }).expect(200)).body,
    ).data;
  const view = async (id: string) =>
    platformScripts.getApplicationById.output.parse(
      (await read('application', 'getApplicationById', { id }).expect(200)).body,
    ).data;

  beforeAll(async () => {
    twin = await startTwin({ now: () => clock });
  });
  afterAll(() => twin.dispose());

  it('answers the membership of a lapsed athlete: the rule, the fee, the season and what it gives', async () => {
    const lapsed = await status(demoAthleteExpired.sportsmanId);
    expect(lapsed).toMatchObject({
      active: false,
      rule: 'calendar_year',
      fee: { cents: 150_000, currency: 'RUB' },
      season: seasonOf(clock),
      offeredTermUntil: seasonEnd(seasonOf(clock)).toISOString(),
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
    const term = (await status(athlete)).termUntil;
    expect(term).toBe(seasonEnd(seasonOf(clock)).toISOString());
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
    const until = new Date(clock.getTime() + 10 * DAY).toISOString();
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
    clock = new Date(clock.getTime() + 11 * DAY);
    const later = platformScripts.getMembershipReminders.output.parse(
      (await read('requests', 'getMembershipReminders', { sportsmanId: son }).expect(200)).body,
    );
    expect(later.result.map((reminder) => reminder.kind).at(-1)).toBe('expired');
    expect(later.result.map((reminder) => reminder.kind)).not.toContain('expires_soon');
    expect(later.result[0]?.message).toMatch(/^Членство закончилось .* — раньше начала турнира/);
    clock = new Date();
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
