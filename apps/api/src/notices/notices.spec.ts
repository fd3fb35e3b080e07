import { DEFAULT_TEST_INSTANT, runningClockFrom } from '@fed/calendar';
import {
  noticesAfter,
  noticesListSchema,
  noticesPaths,
  noticeSettingsSchema,
  ordersPaths,
  payOrderAnswerSchema,
  type NoticeSettings,
  type RequestView,
} from '@fed/contracts';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  applyToEvent,
  DECLINED_CARD,
  eventually,
  startOrdersApp,
  type OrdersApp,
  type OrdersClient,
} from '../orders/testing/orders-test-app';
import { freshDatabase, storeDialects } from '../auth/testing/auth-test-app';
import { NoticesWorkerService } from './notices-worker.service';
import { loginOf, recordNotice } from './notices-store';

const PARENT_EMAIL = 'sokolov@example.ru';

/**
 * Notices through HTTP against the twins the api mounts (the demo federation, YooKassa, the SMS outbox and
 * the mail twin): each kind wired, seen by whom it concerns and nobody else, and sent once by its channels.
 */
describe.each(storeDialects)('notices ($dialect)', ({ dialect, available }) => {
  let t: OrdersApp;
  let family: OrdersClient;
  let expired: OrdersClient;
  let club: OrdersClient;
  let familyToken: string;
  let worker: NoticesWorkerService;
  let drop: () => Promise<void> = () => Promise.resolve();

  beforeAll(async () => {
    if (!available) return;
    const fresh = await freshDatabase(dialect);
    drop = fresh.drop;
    t = await startOrdersApp({ notices: { intervalMs: 0 } }, fresh.target, {
      clock: runningClockFrom(DEFAULT_TEST_INSTANT),
    });
    familyToken = await t.signIn(demoFamily.phone);
    family = t.as(familyToken);
    expired = t.as(await t.signIn(demoAthleteExpired.phone));
    club = t.as(await t.signIn(demoClub.phone));
    worker = t.app.get(NoticesWorkerService);
  }, 60_000);
  afterAll(async () => {
    if (!available) return;
    await t.stop();
    await drop();
  });

  const http = () => supertest(t.base);
  const list = async (who: OrdersClient) =>
    noticesListSchema.parse((await who.get(noticesPaths.notices).expect(200)).body);
  const mailTo = async (address: string) =>
    (await http().get('/sandbox/mail').query({ to: address }).expect(200)).body.messages as {
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
      messageId: string;
    }[];
  const smsTo = async (phone: string) =>
    (await http().get('/sandbox/sms').query({ phone }).expect(200)).body.messages as { text: string }[];

  async function paidApplication(sportsmanId: string, competitionId: string): Promise<RequestView> {
    const { request } = await applyToEvent(family, sportsmanId, competitionId);
    const order = (await family.post(ordersPaths.orders, { requestIds: [request.__id] }).expect(201)).body;
    const url = payOrderAnswerSchema.parse(
      (await family.post(ordersPaths.pay(order.id)).expect(200)).body,
    ).confirmationUrl;
    await t.payOnPage(url);
    await eventually(async () =>
      (await list(family)).result.some((notice) => notice.link === `/order/${order.id}`),
    );
    return request;
  }

  it.skipIf(!available)('answers only someone signed in, and refuses bad input in Russian', async () => {
    await http().get(noticesPaths.notices).expect(401);
    await http().get(noticesPaths.unread).expect(401);
    await http().put(noticesPaths.settings).send({}).expect(401);
    const bad = await family.get(`${noticesPaths.notices}?limit=0`).expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, message: 'Проверьте введённые данные' });
    await family.get(`${noticesPaths.notices}?sort=x`).expect(400);
    await family.post(noticesPaths.read('not-a-notice')).expect(404);
    await family.post(noticesPaths.read('x'.repeat(65))).expect(400);
  });

  it.skipIf(!available)(
    'keeps settings per login: defaults, e-mail, kinds by channel; SMS only for urgent kinds',
    async () => {
      const defaults = noticeSettingsSchema.parse((await family.get(noticesPaths.settings).expect(200)).body);
      expect(defaults.email).toBeNull();
      expect(defaults.kinds.refund_made).toEqual({ sms: true, email: true });
      expect(defaults.kinds.payment_succeeded).toEqual({ sms: false, email: true });
      const put = (body: object) =>
        supertest(t.base).put(noticesPaths.settings).set('Authorization', `Bearer ${familyToken}`).send(body);
      const wrongEmail = await put({ ...defaults, email: 'not an address' }).expect(400);
      expect(wrongEmail.body.fieldErrors.email[0]).toMatch(/адрес электронной почты/);
      const smsForPayment: NoticeSettings = {
        ...defaults,
        kinds: { ...defaults.kinds, payment_succeeded: { sms: true, email: true } },
      };
      const refused = await put(smsForPayment).expect(400);
      expect(refused.body.message).toMatch(/^СМС приходят только о срочном/);
      const saved = await put({ ...defaults, email: PARENT_EMAIL }).expect(200);
      expect(saved.body.email).toBe(PARENT_EMAIL);
      // Another login has its own.
      expect((await expired.get(noticesPaths.settings).expect(200)).body.email).toBeNull();
    },
  );

  let paid: RequestView;

  it.skipIf(!available)(
    'tells the payer once that the payment went through, by the portal and by e-mail, not by SMS',
    async () => {
      await t.switches({ notificationCopies: 3 });
      paid = await paidApplication(demoFamily.parentId, demoCompetitions.clubOpen);
      await t.resetSwitches();
      const notices = (await list(family)).result.filter((notice) => notice.kind === 'payment_succeeded');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        title: 'Оплата прошла',
        text: expect.stringMatching(/^Оплачено \d[\d ]* ₽: Стартовый взнос: Открытый турнир/),
        recipient: { id: demoFamily.parentId, name: expect.stringMatching(/^Соколов Андрей/) },
        readAt: null,
      });
      const smsBefore = (await smsTo(demoFamily.phone)).length;
      await worker.runOnce();
      await worker.runOnce();
      const letters = (await mailTo(PARENT_EMAIL)).filter((mail) => mail.subject === 'ФКЕ: Оплата прошла');
      expect(letters).toHaveLength(1);
      expect(letters[0]?.text).toContain('Оплачено');
      expect(letters[0]?.html).toContain('<h1 style="font-size: 20px">Оплата прошла</h1>');
      expect(letters[0]?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(letters[0]?.headers['list-unsubscribe']).toMatch(
        /^<https:\/\/portal\.example\/api\/notices\/unsubscribe\?token=/,
      );
      expect((await smsTo(demoFamily.phone)).length).toBe(smsBefore);
    },
  );

  it.skipIf(!available)('tells of a declined payment with its reason', async () => {
    const { request } = await applyToEvent(family, demoFamily.parentId, demoCompetitions.federationCup);
    const order = (await family.post(ordersPaths.orders, { requestIds: [request.__id] }).expect(201)).body;
    const url = payOrderAnswerSchema.parse(
      (await family.post(ordersPaths.pay(order.id)).expect(200)).body,
    ).confirmationUrl;
    await t.payOnPage(url, DECLINED_CARD);
    await family.get(ordersPaths.order(order.id)).expect(200);
    const declined = (await list(family)).result.find((notice) => notice.kind === 'payment_declined');
    expect(declined).toMatchObject({
      link: `/order/${order.id}`,
      text: expect.stringMatching(/недостаточно средств/),
    });
  });

  it.skipIf(!available)(
    'tells of a refund by the portal, SMS and e-mail, once, and only the family sees it',
    async () => {
      await family.post(ordersPaths.refundRequest(paid.__id)).expect(200);
      await family.post(ordersPaths.refundRequest(paid.__id)).expect(200);
      const refunds = (await list(family)).result.filter((notice) => notice.kind === 'refund_made');
      expect(refunds).toHaveLength(1);
      const [refund] = refunds;
      expect(refund?.text).toMatch(/^Возвращено \d[\d ]* ₽: Стартовый взнос/);
      await worker.runOnce();
      expect((await smsTo(demoFamily.phone))[0]?.text).toMatch(/^ФКЕ: Деньги возвращены\. Возвращено/);
      expect((await mailTo(PARENT_EMAIL))[0]?.subject).toBe('ФКЕ: Деньги возвращены');
      // Another login sees none of it, and cannot mark it read.
      expect((await list(expired)).result.map((notice) => notice.id)).not.toContain(refund?.id);
      await expired.post(noticesPaths.read(refund?.id ?? '')).expect(404);
      await club.post(noticesPaths.read(refund?.id ?? '')).expect(404);
      // The bell's count falls when it is opened.
      const before = (await family.get(noticesPaths.unread).expect(200)).body.unread as number;
      const read = await family.post(noticesPaths.read(refund?.id ?? '')).expect(200);
      expect(read.body.readAt).toEqual(expect.any(String));
      expect((await family.get(noticesPaths.unread).expect(200)).body.unread).toBe(before - 1);
    },
  );

  it.skipIf(!available)(
    'turns one kind of e-mail off by the letter’s one-click link, and refuses a forged one',
    async () => {
      const [letter] = await mailTo(PARENT_EMAIL);
      const link = /^<(.+)>$/.exec(letter?.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
      const path = new URL(link).pathname + new URL(link).search;
      // Opening the link in a browser changes nothing: a page with one button.
      const page = await http().get(path).expect(200);
      expect(page.text).toContain('Отписаться');
      expect((await family.get(noticesPaths.settings).expect(200)).body.kinds.refund_made.email).toBe(true);
      const done = await http().post(path).type('form').send('List-Unsubscribe=One-Click').expect(200);
      expect(done.body).toEqual({ kind: 'refund_made', title: 'Деньги возвращены' });
      expect((await family.get(noticesPaths.settings).expect(200)).body.kinds.refund_made).toEqual({
        sms: true,
        email: false,
      });
      const forged = `${path.slice(0, -3)}abc`;
      const refused = await http().post(forged).expect(400);
      expect(refused.body.message).toMatch(/^Ссылка для отписки неверна/);
      await http().post(noticesPaths.unsubscribe).expect(400);
    },
  );

  it.skipIf(!available)(
    'tells the athlete once when the club returns an application, with the reason, and by SMS',
    async () => {
      const son = demoFamily.childIds[0];
      const { request } = await applyToEvent(family, son, demoCompetitions.clubChildren);
      await club
        .script('changeCompetitionRequestState', { requestId: request.__id, requestState: 'under_review' })
        .expect(200);
      const reason = 'Приложите справку от врача';
      await club
        .script('changeCompetitionRequestState', {
          requestId: request.__id,
          requestState: 'returned',
          reason,
        })
        .expect(200);
      // Read again and again, by the athlete's page and list: still one notice.
      await family.script('getApplicationById', { id: request.__id }).expect(200);
      await family.script('getApplicationById', { id: request.__id }).expect(200);
      const returned = (await list(family)).result.filter(
        (notice) => notice.kind === 'application_returned' && notice.link === `/apply/edit/${request.__id}`,
      );
      expect(returned).toHaveLength(1);
      expect(returned[0]).toMatchObject({
        title: 'Заявка возвращена на доработку',
        text: expect.stringContaining(`Что исправить: ${reason}.`),
        recipient: { id: son },
      });
      await worker.runOnce();
      expect((await smsTo(demoFamily.phone))[0]?.text).toMatch(/^ФКЕ: Заявка возвращена на доработку\./);
      // The club sees nothing of the athlete's notices.
      expect((await list(club)).result.some((notice) => notice.id === returned[0]?.id)).toBe(false);
    },
  );

  it.skipIf(!available)(
    'tells the organizer once when the federation returns a document, with the reason',
    async () => {
      const documents = async () =>
        (
          await club
            .script('getCompetitionDocuments', { competitionId: demoCompetitions.clubOpen })
            .expect(200)
        ).body.result as { __id: string; state: string; kind: string }[];
      const permit = (await documents()).find((document) => document.state === 'submitted');
      expect(permit).toBeDefined();
      const reason = 'Нет подписи и печати';
      await http()
        .post(`/sandbox/elma/competition-documents/${permit?.__id}/review`)
        .set('Authorization', `Bearer ${t.config.platform.token}`)
        .send({ state: 'returned', reason })
        .expect(200);
      await documents();
      await documents();
      const reviewed = (await list(club)).result.filter((notice) => notice.kind === 'document_reviewed');
      expect(reviewed).toHaveLength(1);
      expect(reviewed[0]).toMatchObject({
        title: 'Документ возвращён на доработку',
        text: expect.stringContaining(`Что исправить: ${reason}.`),
        link: `/profile/submit-documents/${demoCompetitions.clubOpen}`,
        recipient: { id: demoClub.organizationId, name: expect.stringMatching(/Сэнсэй/) },
      });
      expect((await list(family)).result.some((notice) => notice.kind === 'document_reviewed')).toBe(false);
    },
  );

  it.skipIf(!available)(
    'pages through notices sharing one instant, each once, in the same order as one long page',
    async () => {
      const login = await loginOf(t.store, demoAthleteExpired.sportsmanId);
      const at = Date.parse('2026-06-01T09:00:00Z');
      await t.store.transaction().execute(async (trx) => {
        for (let n = 0; n < 5; n += 1) {
          await recordNotice(
            trx,
            {
              dedupeKey: `paging:${n}`,
              kind: 'payment_succeeded',
              recipientId: demoAthleteExpired.sportsmanId,
              recipientName: 'Спортсмен',
              title: 'Оплата прошла',
              text: `Платёж ${n}`,
              link: '/profile',
            },
            login,
            at,
          );
        }
      });
      const all = (await list(expired)).result.map((notice) => notice.id);
      expect(all.length).toBeGreaterThanOrEqual(5);
      const paged: string[] = [];
      let query: Record<string, string | number> = { limit: 2 };
      for (;;) {
        const page = noticesListSchema.parse(
          (await expired.get(noticesPaths.notices).query(query).expect(200)).body,
        );
        paged.push(...page.result.map((notice) => notice.id));
        const last = page.result.at(-1);
        if (!page.more || !last) break;
        query = { limit: 2, ...noticesAfter(last) };
      }
      expect(paged).toEqual(all);
      // An id alone is not a place in the list.
      await expired.get(noticesPaths.notices).query({ beforeId: all[0] }).expect(400);
    },
  );

  it.skipIf(!available)('marks every notice read at once', async () => {
    await family.post(noticesPaths.readAll).expect(200);
    expect((await family.get(noticesPaths.unread).expect(200)).body).toEqual({ unread: 0 });
  });
});
