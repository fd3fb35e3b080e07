/**
 * The signed-in side of the Lighthouse bench: one Lighthouse user flow per run (`startFlow` with puppeteer-core
 * and Debian's Chromium), with the CPU slowed four times (Lighthouse's devtools throttling, observed; the network
 * left at loopback speed) and a phone's screen. The demo family's parent signs in on /login with the code the
 * sandbox's SMS outbox holds, as the journeys do (not measured); then, each a step of the flow:
 *
 *   reference      the reference event page (its server HTML with no JavaScript, asked for as a guest)
 *   cabinet        `/profile` loaded afresh (the HTTP cache emptied, the session kept)
 *   switcher       a timespan: the account switcher opened (the side menu's button on a phone) — its INP
 *   apply form     `/apply/{the federation's cup}` loaded afresh
 *   submit         a timespan: the filled form sent, until the cabinet shows the application — its INP
 *   order          `/order/{id}` of that application's order («Оплатить» in the cabinet), loaded afresh
 *
 * After each run the application is withdrawn through the platform twin's app API, so the next run applies anew.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFlow } from 'lighthouse';
import { screenEmulationMetrics } from 'lighthouse/core/config/constants.js';
import puppeteer from 'puppeteer-core';

/** libs/sandbox-fixtures: the demo family's phone, the parent's account and the cup he may enter. */
const FAMILY_PHONE = '+79990000001';
const PARENT_ID = 'c0de0001-0000-4000-8000-000000000001';
const PARENT_NAME = 'Соколов Андрей';
export const FEDERATION_CUP = 'c0de0003-0000-4000-8000-000000000003';
/** `PLATFORM_NAMESPACE` of libs/contracts: where the twin's app API keeps the applications. */
const PLATFORM_NAMESPACE = 'sport';

/** The browser the benches drive: Debian's Chromium (`CHROME_PATH` picks another). */
export const chromePath = process.env['CHROME_PATH'] ?? '/usr/bin/chromium';

/** The headless browser a signed-in run drives through puppeteer. */
export const launchSignedInBrowser = () =>
  puppeteer.launch({ executablePath: chromePath, headless: true, args: ['--no-sandbox', '--disable-gpu'] });

/** Lighthouse's phone (its mobile screen emulation) as a page's viewport, for a run outside a flow. */
export const PHONE_VIEWPORT = {
  width: screenEmulationMetrics.mobile.width,
  height: screenEmulationMetrics.mobile.height,
  deviceScaleFactor: screenEmulationMetrics.mobile.deviceScaleFactor,
  isMobile: screenEmulationMetrics.mobile.mobile,
  hasTouch: screenEmulationMetrics.mobile.mobile,
};

/**
 * The api's settings for a signed-in run, beside `startApi`'s: production, a fresh secret, and no minute between
 * codes (the family signs in every run, as in the journeys); `portalDir` the build's portal, if not this one.
 */
export function signedInApiEnv(portalDir) {
  return {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'error',
    AUTH_RELAXED_CODE_LIMITS: 'true',
    ...(portalDir ? { PORTAL_DIST_DIR: portalDir } : {}),
  };
}

/** The flow's settings: a phone (Lighthouse's mobile emulation), its CPU four times slower, loopback network. */
export const SIGNED_IN_SETTINGS = {
  onlyCategories: ['performance'],
  formFactor: 'mobile',
  throttlingMethod: 'devtools',
  throttling: {
    cpuSlowdownMultiplier: 4,
    rttMs: 0,
    throughputKbps: 0,
    requestLatencyMs: 0,
    downloadThroughputKbps: 0,
    uploadThroughputKbps: 0,
  },
  // The session lives in the origin's storage: a step must not clear it (the HTTP cache is emptied by hand).
  disableStorageReset: true,
};

/** The measured steps, in the flow's order: their names, kinds and the page each is of (for `--page`). */
export const SIGNED_IN_STEPS = [
  { name: 'reference', kind: 'navigation', page: 'reference' },
  { name: 'cabinet', kind: 'navigation', page: '/profile' },
  { name: 'switcher', kind: 'timespan', page: '/profile', label: 'opening the account switcher' },
  { name: 'apply form', kind: 'navigation', page: '/apply/{id}' },
  { name: 'submit', kind: 'timespan', page: '/apply/{id}', label: 'submitting the apply form' },
  { name: 'order', kind: 'navigation', page: '/order/{id}' },
];

const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/** Waits until `predicate` (run in the page) holds, polling; the page's own clock plays no part. */
const until = (page, predicate, arg, timeout = 60_000) => page.waitForFunction(predicate, { timeout }, arg);

/** Signs the family's parent in on /login with the code from the sandbox outbox, as the journeys do. */
export async function signIn(page, base) {
  await page.goto(`${base}/login`);
  await page.waitForSelector('html[data-portal-ready]', { timeout: 60_000 });
  await page.locator('::-p-aria([name="Телефон"][role="textbox"])').fill(FAMILY_PHONE.replace(/^\+7/, ''));
  await page.locator('::-p-aria([name="Получить код"][role="button"])').click();
  await page.waitForSelector('::-p-text(Мы отправили код)', { timeout: 60_000 });
  const answer = await fetch(`${base}/sandbox/sms/latest?phone=${encodeURIComponent(FAMILY_PHONE)}`);
  const { code } = await answer.json();
  if (typeof code !== 'string') throw new Error('the sandbox outbox holds no code for the family');
  await page.locator('::-p-aria([name="Код подтверждения"][role="textbox"])').fill(code);
  // Three athletes on the phone: the parent is chosen.
  await page.waitForSelector('li ::-p-aria([name="Выбрать"][role="button"])', { timeout: 60_000 });
  const chosen = await page.evaluate((name) => {
    const item = [...document.querySelectorAll('li')].find((li) => li.textContent?.includes(name));
    const button = item?.querySelector('button');
    button?.click();
    return Boolean(button);
  }, PARENT_NAME);
  if (!chosen) throw new Error(`no account of ${PARENT_NAME} to choose`);
  await until(page, () => location.pathname === '/profile');
}

/** On the loaded apply form: the first open program and the agreement ticked, as the journeys fill it. */
export async function fillApplyForm(page) {
  await page.waitForSelector('::-p-aria([name="Подать заявку"][role="button"])', { timeout: 60_000 });
  await page.evaluate(() => {
    const boxes = [...document.querySelectorAll('input[type="checkbox"]')];
    const program = boxes.find(
      (box) => !box.disabled && /^(Кумитэ|Ката)/.test(box.labels?.[0]?.textContent ?? ''),
    );
    const agreement = boxes.find((box) => /Я принимаю/.test(box.labels?.[0]?.textContent ?? ''));
    if (!program || !agreement) throw new Error('the apply form has no open program or no agreement');
    program.click();
    agreement.click();
  });
  await pause(500);
}

/** Run in the page: the «Оплатить» of the cup's application in the cabinet, once the cabinet shows it. */
export const payButtonOf = (cup) =>
  [
    ...([...document.querySelectorAll('article')]
      .find((article) => article.querySelector(`a[href="/competitions/${cup}"]`))
      ?.querySelectorAll('button') ?? []),
  ].find((button) => button.textContent?.trim() === 'Оплатить') ?? null;

/** The parent's live applications to the cup withdrawn (cancelled), with the twin's platform token. */
export async function withdrawApplications(base, dataDir) {
  const token = readFileSync(join(dataDir, 'sandbox', 'platform-token'), 'utf8').trim();
  const app = async (path, body) => {
    const answer = await fetch(`${base}/sandbox/elma/pub/v1/app/${PLATFORM_NAMESPACE}/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!answer.ok) throw new Error(`the platform twin answered ${answer.status} to ${path}`);
    return answer.json();
  };
  const listed = await app('requests/list', { filter: { tf: { sportsman: PARENT_ID } }, size: 100 });
  for (const entry of listed.result.result) {
    const live = ['new', 'returned', 'approved'].includes(entry.requestState ?? '');
    if (live && entry.competition?.includes(FEDERATION_CUP)) {
      await app(`requests/${entry.__id}/update`, { context: { requestState: 'cancelled' } });
    }
  }
}

/**
 * One run of the flow in a fresh browser context; resolves with each step's report by name. `referenceUrl` is
 * the reference page (no JavaScript), navigated first under the same settings.
 */
export async function signedInRun(browser, { base, referenceUrl }) {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    const cdp = await page.createCDPSession();
    // Each page loaded afresh: from a blank page (so that the one before leaves nothing in the trace) with the
    // HTTP cache emptied; the session stays in the origin's storage.
    const afresh = async () => {
      await page.goto('about:blank');
      await cdp.send('Network.clearBrowserCache');
    };
    await signIn(page, base);

    const flow = await startFlow(page, {
      name: 'signed in',
      config: { extends: 'lighthouse:default', settings: SIGNED_IN_SETTINGS },
    });
    await afresh();
    await flow.navigate(referenceUrl, { name: 'reference' });
    await afresh();
    await flow.navigate(`${base}/profile`, { name: 'cabinet' });

    await flow.startTimespan({ name: 'switcher' });
    await page.locator('::-p-aria([name="Открыть меню"][role="button"])').click();
    await page.waitForSelector('aside[aria-label="Боковое меню"]:not([hidden]) li button', {
      timeout: 30_000,
    });
    // The frame after the press is painted before the span ends.
    await pause(1000);
    await flow.endTimespan();

    await afresh();
    await flow.navigate(`${base}/apply/${FEDERATION_CUP}`, { name: 'apply form' });
    await fillApplyForm(page);

    // Sent, until the cabinet shows the new application (the toast «Заявка подана» may be gone by then).
    await flow.startTimespan({ name: 'submit' });
    await page.locator('::-p-aria([name="Подать заявку"][role="button"])').click();
    await until(page, payButtonOf, FEDERATION_CUP);
    await pause(1000);
    await flow.endTimespan();

    // The application's order, opened from its card as the parent would (not measured).
    const pay = await until(page, payButtonOf, FEDERATION_CUP);
    await pay.asElement()?.click();
    await until(page, () => /^\/order\/[^/]+$/.test(location.pathname));
    const orderPath = await page.evaluate(() => location.pathname);

    await afresh();
    await flow.navigate(`${base}${orderPath}`, { name: 'order' });

    const result = await flow.createFlowResult();
    return Object.fromEntries(result.steps.map((step) => [step.name, step.lhr]));
  } finally {
    await context.close();
  }
}
