import { expect, onRunClock, test, type APIRequestContext, type Browser, type Page } from '../support/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { demoAthleteExpired, demoClub, demoCompetitions, demoFamily } from '@fed/sandbox-fixtures';
import { resetAthlete } from '../support/payments';
import { dayDigits } from '../support/clock';
import {
  callApi,
  callPlatform,
  clearFaults,
  failPlatform,
  failSms,
  platformApp,
  type PlatformFault,
} from '../support/platform';
import { chooseAccount, codeSentTo, signIn } from '../support/sign-in';
import { freePort } from '@fed/sandbox-fixtures/free-port';

/**
 * When what the portal stands on fails: the platform down (the api answers 502), slow past the api's deadline
 * (504) or failing (500) while an athlete applies, a club creates a competition, a parent pays and an athlete
 * saves the profile; the SMS gateway failing at sign-in; the api itself restarted in the middle of a form. Each
 * time the person reads a Russian message, the form keeps what was typed, and the twin's data (read through its
 * own API with the run's token) shows nothing written, or written once when tried again.
 *
 * The faults are the twins' own switches (`/sandbox/elma/faults`, `/sandbox/sms/faults`, sandbox only, behind
 * the twin's token), so the api's real upstream client meets them: its deadline, its error mapping. One width
 * each: what the journeys prove does not depend on it, and a slow call costs the api's whole deadline.
 */

/** The api's deadline for one platform call (`DEFAULT_PLATFORM_TIMEOUT_MS`), and a little more for the twin. */
const PLATFORM_DEADLINE_MS = 10_000;
const SLOW_MS = PLATFORM_DEADLINE_MS + 1_000;

/** What the person reads for each fault: the api's Russian message, shown by the page in a toast. */
const FAULTS: ReadonlyArray<{ kind: PlatformFault['kind']; message: RegExp }> = [
  { kind: 'down', message: /Платформа: нет связи/ },
  { kind: 'error', message: /Платформа: ошибка 500/ },
  { kind: 'slow', message: /Платформа: ответ не получен вовремя/ },
];

// Three faults (one of them the api's whole deadline) and a success after them: more than the half minute.
test.describe.configure({ timeout: 120_000 });

test.afterEach(async ({ request }) => {
  await clearFaults(request);
});

async function signInAs(page: Page, phone: string, account?: string) {
  await page.goto('/login');
  await signIn(page, phone);
  if (account) await chooseAccount(page, account);
  await expect(page).toHaveURL('/profile');
}

/** The error toast that says it (an alert: read out at once), once it is there. */
async function expectToast(page: Page, message: RegExp) {
  await expect(page.getByRole('alert').filter({ hasText: message }).last()).toBeVisible({
    timeout: SLOW_MS + 5_000,
  });
}

/** More calls than the api makes of one read, its sends again on stale connections included. */
const DOWN_FOR_CALLS = 10;

/** Meets one platform fault on `script` by `act`, then lets a slow call's held answer run out before checking. */
async function meetFault(
  page: Page,
  fault: { kind: PlatformFault['kind']; message: RegExp },
  script: PlatformFault['script'],
  act: () => Promise<void>,
  message = fault.message,
) {
  // A platform that is down stays down for a while: the api sends a read again when its kept-alive connection
  // closes before any answer (what a stale connection does), so one dropped call would pass unseen.
  const calls = fault.kind === 'down' ? DOWN_FOR_CALLS : 1;
  await failPlatform(page.request, { script, kind: fault.kind, delayMs: SLOW_MS, calls });
  await act();
  await expectToast(page, message);
  await clearFaults(page.request);
  // A slow call ends at the twin a second after the api gave up: nothing may be written then either.
  if (fault.kind === 'slow') await page.waitForTimeout(SLOW_MS - PLATFORM_DEADLINE_MS + 500);
}

type Listed<T> = { result: { result: T[]; total: number } };
type RequestRecord = {
  __id: string;
  requestState?: string;
  paid_at?: string | null;
  payment_id?: string | null;
};

/** The athlete's live requests to an event, as the platform has them. */
async function liveRequests(request: APIRequestContext, sportsmanId: string, competitionId: string) {
  const listed = await platformApp<Listed<RequestRecord>>(request, 'requests/list', {
    filter: { tf: { sportsman: sportsmanId, competition: competitionId } },
    size: 100,
  });
  return listed.result.result.filter((entry) =>
    ['new', 'under_review', 'returned', 'approved', 'paid'].includes(entry.requestState ?? ''),
  );
}

test('applying while the platform is down, slow or failing keeps the form and writes nothing @mobile', async ({
  page,
}) => {
  const parent = demoFamily.parentId;
  const cup = demoCompetitions.federationCup;
  await resetAthlete(page.request, parent, { events: [cup] });
  try {
    await signInAs(page, demoFamily.phone, 'Соколов Андрей');
    await page.goto(`/apply/${cup}`);
    const program = page.getByRole('checkbox', { name: /^(Кумитэ|Ката)/, disabled: false }).first();
    await program.check();
    const coach = page.getByRole('textbox', { name: /Тренер/ });
    await coach.fill('Иванов Сергей Петрович');
    await page.getByRole('checkbox', { name: /Я принимаю/ }).check();
    const submit = page.getByRole('button', { name: 'Подать заявку' });

    for (const fault of FAULTS) {
      await meetFault(page, fault, 'createApplication', () => submit.click());
      await expect(page).toHaveURL(`/apply/${cup}`);
      await expect(coach).toHaveValue('Иванов Сергей Петрович');
      await expect(program).toBeChecked();
      await expect(submit).toBeEnabled();
      expect(await liveRequests(page.request, parent, cup)).toHaveLength(0);
    }
    await page.screenshot({
      path: `/tmp/faults-apply-${page.viewportSize()?.width ?? 0}.png`,
      fullPage: true,
    });

    // The platform back: the same form goes through, once.
    await submit.click();
    await expect(page).toHaveURL('/profile');
    await expect(page.getByText('Заявка подана').first()).toBeVisible();
    expect(await liveRequests(page.request, parent, cup)).toHaveLength(1);
  } finally {
    await resetAthlete(page.request, parent, { events: [cup] });
  }
});

test('saving the profile while the platform is down, slow or failing keeps the form and writes nothing @desktop', async ({
  page,
}) => {
  const athlete = demoAthleteExpired.sportsmanId;
  const record = async () =>
    (await platformApp<{ item: { coach?: string | null } }>(page.request, `sportsman/${athlete}/get`, {}))
      .item;
  const before = (await record()).coach ?? null;
  const typed = `Фаулов Сергей ${Date.now() % 10_000}`;
  await signInAs(page, demoAthleteExpired.phone);
  await page.getByRole('region', { name: 'Профиль' }).getByRole('button', { name: 'Изменить' }).click();
  const form = page.getByRole('form', { name: 'Изменение профиля' });
  const coach = form.getByRole('textbox', { name: /Тренер/ });
  await coach.fill(typed);
  const save = form.getByRole('button', { name: 'Сохранить' });

  for (const fault of FAULTS) {
    await meetFault(page, fault, 'runBP', () => save.click());
    await expect(form).toBeVisible();
    await expect(coach).toHaveValue(typed);
    expect((await record()).coach ?? null).toBe(before);
  }
  await page.screenshot({ path: '/tmp/faults-profile.png', fullPage: true });

  await save.click();
  await expect(page.getByText('Профиль сохранён').first()).toBeVisible();
  expect((await record()).coach).toBe(typed);
});

test('creating a competition while the platform is down, slow or failing keeps the form and writes nothing @desktop', async ({
  page,
}) => {
  const title = `Турнир отказов ${Date.now() % 100_000}`;
  const competitionsNamed = async () =>
    (
      await platformApp<Listed<{ __id: string }>>(page.request, 'competitions/list', {
        filter: { tf: { __name: title } },
        size: 10,
      })
    ).result.total;
  await signInAs(page, demoClub.phone);
  await page.goto('/profile/create-competition');
  const name = page.getByRole('textbox', { name: /^Название/ });
  await name.fill(title);
  await page.getByRole('textbox', { name: /Описание/ }).fill('Проверка: форма переживает отказ платформы.');
  await page.getByRole('textbox', { name: /Дата начала/ }).pressSequentially(dayDigits(40));
  await page.getByRole('textbox', { name: /Дата окончания/ }).pressSequentially(dayDigits(41));
  await page.getByRole('textbox', { name: /Приём заявок до/ }).pressSequentially(dayDigits(30));
  await page.getByRole('combobox', { name: /Уровень/ }).selectOption({ label: 'Городское' });
  const address = page.getByRole('combobox', { name: /Адрес проведения/ });
  await address.pressSequentially('Москва');
  await page.getByRole('option', { name: 'г Москва', exact: true }).click();
  await address.pressSequentially('крыл');
  await page.getByRole('option', { name: 'г Москва, ул Крылатская', exact: true }).click();
  await page.getByRole('option', { name: 'г Москва, ул Крылатская, д 16' }).click();
  await page.getByRole('textbox', { name: /Количество мест/ }).fill('80');
  const program = page.getByRole('group', { name: 'Программа 1' });
  await program.getByRole('combobox', { name: /Дисциплина/ }).selectOption({ label: 'Ката' });
  await program.getByRole('combobox', { name: /Тип программы/ }).selectOption({ label: 'Личная программа' });
  await program.getByRole('combobox', { name: /Пол/ }).selectOption({ label: 'Все' });
  await program.getByRole('combobox', { name: /Возрастной класс/ }).selectOption({ index: 1 });
  const fee = program.getByRole('textbox', { name: /Взнос/ });
  await fee.fill('900');
  const submit = page.getByRole('button', { name: 'Создать мероприятие' });
  await expect(submit).toBeEnabled();

  for (const fault of FAULTS) {
    await meetFault(page, fault, 'createCompetition', () => submit.click());
    await expect(page).toHaveURL('/profile/create-competition');
    await expect(name).toHaveValue(title);
    await expect(address).toHaveValue('г Москва, ул Крылатская, д 16');
    await expect(fee).toHaveValue('900');
    expect(await competitionsNamed()).toBe(0);
  }
  await page.screenshot({ path: '/tmp/faults-create-competition.png', fullPage: true });

  await submit.click();
  await expect(page).toHaveURL('/profile/create-competition/success');
  expect(await competitionsNamed()).toBe(1);
});

test('paying while the platform is down, slow or failing leaves the order unpaid and opens no payment @mobile', async ({
  page,
}) => {
  const parent = demoFamily.parentId;
  const cup = demoCompetitions.federationCup;
  await resetAthlete(page.request, parent, { events: [cup] });
  try {
    await signInAs(page, demoFamily.phone, 'Соколов Андрей');
    const eligibility = await callPlatform(page, 'getApplicationEligibility', {
      sportsmanId: parent,
      competitionId: cup,
    });
    const programs = (
      eligibility.body['data'] as { programs: Array<{ programId: string; eligible: boolean }> }
    ).programs;
    const applied = await callPlatform(page, 'createApplication', {
      sportsmanId: parent,
      competitionId: cup,
      programIds: [programs.find((entry) => entry.eligible)?.programId],
      coach: null,
      acceptOffer: true,
    });
    expect(applied.status).toBe(200);
    const requestId = (applied.body['data'] as { __id: string }).__id;
    const order = (await callApi<{ id: string }>(page, 'POST', '/api/orders', { requestIds: [requestId] }))
      .body;
    const orderNow = async () =>
      (
        await callApi<{ status: string; payment?: unknown }>(
          page,
          'GET',
          `/api/orders/${encodeURIComponent(order.id)}`,
        )
      ).body;

    await page.goto(`/order/${order.id}`);
    const pay = page.getByRole('button', { name: /^Оплатить/ });
    await expect(pay).toBeVisible();
    for (const fault of FAULTS) {
      // The orders service names what it could not get; past the deadline it is the api's 504 as anywhere.
      const said = fault.kind === 'slow' ? fault.message : /Платформа: условия оплаты не получены/;
      await meetFault(page, fault, 'getPaymentTerms', () => pay.click(), said);
      await expect(page).toHaveURL(`/order/${order.id}`);
      await expect(pay).toBeEnabled();
      expect((await orderNow()).status).toBe('new');
      const [request] = await liveRequests(page.request, parent, cup);
      expect(request).toMatchObject({ __id: requestId, requestState: 'new' });
      expect(request?.paid_at ?? null).toBeNull();
      expect(request?.payment_id ?? null).toBeNull();
    }
    await page.screenshot({ path: `/tmp/faults-pay-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });
  } finally {
    await resetAthlete(page.request, parent, { events: [cup] });
  }
});

test('the SMS gateway failing at sign-in: a Russian message, the phone kept, no code; the next try gets one @mobile', async ({
  page,
}) => {
  const phone = demoAthleteExpired.phone;
  const latestCode = async () => {
    const answer = await page.request.get(`/sandbox/sms/latest?phone=${encodeURIComponent(phone)}`);
    return answer.ok() ? ((await answer.json()) as { id: string }).id : null;
  };
  const before = await latestCode();
  await page.goto('/login');
  const field = page.getByRole('textbox', { name: /Телефон/ });
  await field.fill(phone.slice(2));
  await failSms(page.request, 1);
  await page.getByRole('button', { name: 'Получить код' }).click();
  await expect(page.getByText('Не удалось отправить СМС. Попробуйте позже').first()).toBeVisible();
  await expect(page.getByRole('textbox', { name: /Код подтверждения/ })).toHaveCount(0);
  await expect(field).toHaveValue(/999\D*000\D*00\D*02/);
  expect(await latestCode()).toBe(before);
  await page.screenshot({ path: `/tmp/faults-sms-${page.viewportSize()?.width ?? 0}.png`, fullPage: true });

  // The gateway back: no timer holds the person, the code arrives.
  await page.getByRole('button', { name: 'Получить код' }).click();
  const code = page.getByRole('textbox', { name: /Код подтверждения/ });
  await expect(code).toBeFocused();
  await code.fill(await codeSentTo(page.request, phone));
  await expect(page).toHaveURL('/profile');
});

/**
 * An api of this journey's own, the production build started as `npm start` starts it, on its own port and data:
 * the run's shared api (Playwright's webServer) cannot be stopped in the middle of a journey, this one can, and
 * starts again on the same data, as a deployment's restart does.
 */
class OwnApi {
  private process: ChildProcess | undefined;
  readonly token = randomBytes(24).toString('hex');
  private readonly dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-restart-'));

  private constructor(readonly port: number) {}

  static async start(): Promise<OwnApi> {
    const api = new OwnApi(await freePort());
    await api.up();
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async up(): Promise<void> {
    this.process = spawn(process.execPath, ['dist/apps/api/main.cjs'], {
      cwd: resolve(import.meta.dirname, '../../../..'),
      env: {
        ...process.env,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        SANDBOX_DATA_DIR: join(this.dataDir, 'sandbox'),
        AUTH_DATA_DIR: this.dataDir,
        LOG_LEVEL: 'error',
        AUTH_RELAXED_CODE_LIMITS: 'true',
        PLATFORM_TOKEN: this.token,
      },
      stdio: 'ignore',
    });
    await expect
      .poll(
        async () => {
          try {
            return (await fetch(`${this.url}/api/health`)).status;
          } catch {
            return 0;
          }
        },
        { timeout: 30_000 },
      )
      .toBe(200);
  }

  /** Stops the process as a deployment does (SIGTERM) and waits until it has exited. */
  async down(): Promise<void> {
    const running = this.process;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.down();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

async function ownWindow(browser: Browser, api: OwnApi, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext({
    baseURL: api.url,
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    viewport: viewport ?? undefined,
  });
  await onRunClock(context);
  return context.newPage();
}

test('the api restarted while a profile is being edited: a Russian message, the form kept, saved once it is back @desktop', async ({
  browser,
}, testInfo) => {
  const api = await OwnApi.start();
  const page = await ownWindow(browser, api, testInfo.project.use.viewport ?? null);
  try {
    await signInAs(page, demoAthleteExpired.phone);
    await page.getByRole('region', { name: 'Профиль' }).getByRole('button', { name: 'Изменить' }).click();
    const form = page.getByRole('form', { name: 'Изменение профиля' });
    const coach = form.getByRole('textbox', { name: /Тренер/ });
    const typed = 'Перезапусков Игорь';
    await coach.fill(typed);

    await api.down();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText(/Нет связи с сервером/).first()).toBeVisible();
    await expect(form).toBeVisible();
    await expect(coach).toHaveValue(typed);
    await page.screenshot({ path: '/tmp/faults-restart.png', fullPage: true });

    // Back on the same data: the session is still good, the same form saves, and the platform has it once.
    await api.up();
    await form.getByRole('button', { name: 'Сохранить' }).click();
    await expect(page.getByText('Профиль сохранён').first()).toBeVisible();
    const answer = await page.request.post(
      `/sandbox/elma/pub/v1/app/sport/sportsman/${demoAthleteExpired.sportsmanId}/get`,
      { headers: { Authorization: `Bearer ${api.token}` }, data: {} },
    );
    expect(((await answer.json()) as { item: { coach?: string } }).item.coach).toBe(typed);
  } finally {
    await page.context().close();
    await api.dispose();
  }
});
