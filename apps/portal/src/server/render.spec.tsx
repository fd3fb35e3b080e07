// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, platformScript } from '@fed/auth-session/testing';
import type { EventDetails, EventSummary, PortalRenderer } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { PAGE_STATE_ID, type IslandsPageState, type PageState } from '../app/page-state';
import { portalServer } from '../testing/portal-server';
import { createPortalRenderer } from './render';

const stamp = { __createdAt: '2026-01-10T09:00:00Z', __updatedAt: '2026-01-10T09:00:00Z' };

function event(id: string, name: string): EventSummary {
  return {
    __id: id,
    __name: name,
    ...stamp,
    date_start: '2099-12-12T07:00:00Z',
    date_end: '2099-12-14T15:00:00Z',
    registration_deadline: '2099-12-05T20:59:00Z',
    gorod: 'Казань',
    address: 'г. Казань, ул. Баумана, д. 5',
    discipline: [{ code: 'kata', name: 'Ката' }],
    level: [{ code: 'regional', name: 'Региональное' }],
    organizer: ['org-1'],
    age_class: [],
    fee: { cents: 150000, currency: 'RUB' },
    places_limit: 100,
    description: 'По правилам WKF.',
    photo_video_sale: false,
    poster: null,
    placesTaken: 40,
    organizerName: 'Клуб «Сэмпай»',
  };
}

const details: EventDetails = {
  ...event('ev-1', 'Кубок Казани по каратэ'),
  programs: [
    {
      __id: 'pr-kata',
      __name: 'Ката, взрослые',
      ...stamp,
      competition: ['ev-1'],
      discipline: [{ code: 'kata', name: 'Ката' }],
      program_type: { code: 'individual', name: 'Личная программа', gender: false },
      pol: null,
      age_class: [],
      weight_category: null,
      fee: { cents: 150000, currency: 'RUB' },
    },
  ],
  ageClasses: [],
  registrationOpen: true,
  documents: [],
};

/** A club's public page (the platform's `getOrganizationProfile` and `getPublicProfile`). */
const club = {
  __id: 'org-1',
  __name: 'СК «Олимп»',
  representative_new: [{ code: 'organization', name: 'Организация' }],
  gorod: 'Казань',
  logo: null,
  athletesCount: 18,
  upcomingEventsCount: 2,
  pastEventsCount: 1,
};

/** An athlete's public page, as a guest sees it. */
const athlete = {
  __id: 'sp-1',
  __name: 'Иванова Анна Сергеевна',
  fio: { lastname: 'Иванова', firstname: 'Анна', middlename: 'Сергеевна' },
  representative_new: [{ code: 'sportsman', name: 'Спортсмен' }],
  organiz: [],
  organizationName: null,
  age_class: [],
};

const template =
  '<!doctype html><html lang="ru"><head><title>ФКЕ — портал федерации</title>' +
  '<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>' +
  '<body><div id="root"></div><noscript>Для работы портала включите JavaScript.</noscript></body></html>';

function stateOf<S = PageState>(html: string): S {
  const json = new RegExp(`<script id="${PAGE_STATE_ID}" type="application/json">(.*?)</script>`).exec(
    html,
  )?.[1];
  return JSON.parse(json ?? 'null') as S;
}

/** The guest header's island in a page: its props, and the header the server rendered in its container. */
function headerIsland(html: string): { props: unknown; content: string } | null {
  const match =
    /<div style="display:contents" data-island="guest-header" data-island-props="([^"]*)">(<header.*?<\/header>)<\/div>/.exec(
      html,
    );
  if (!match) return null;
  const props = (match[1] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
  return { props: JSON.parse(props) as unknown, content: match[2] ?? '' };
}

describe('the server renderer', () => {
  let dir: string;
  let renderer: PortalRenderer;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-render-'));
    mkdirSync(join(dir, '.vite'));
    writeFileSync(
      join(dir, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', css: ['assets/index-1.css'] },
        'src/app/start.tsx': {
          file: 'assets/start-1.js',
          imports: ['index.html'],
          css: ['assets/start-1.css'],
        },
      }),
    );
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets/start-1.css'), '.frame{color:red}');
    writeFileSync(join(dir, 'assets/index-1.css'), '.entry{color:blue}/* </style> */');
    renderer = await createPortalRenderer({
      clientDir: dir,
      publicConfig: sandboxPublicConfig,
      fetch: (input, init) => fetch(input, init),
    });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('renders the events list with its events, its title and the answers it read, for the browser to keep', async () => {
    const events = platformScript('getEvents', () => ({
      success: true,
      result: [event('ev-1', 'Кубок Казани по каратэ'), event('ev-2', 'Первенство Уфы')],
      total: 2,
    }));
    portalServer.use(events);
    const page = await renderer.render({ url: '/competitions?q=%D0%9A', template });
    expect(page?.status).toBe(200);
    const html = page?.html ?? '';
    expect(html).toContain('<title>Мероприятия</title>');
    expect(html).toContain('Кубок Казани по каратэ');
    expect(html).toContain('Первенство Уфы');
    expect(html).toContain('href="/competitions/ev-2"');
    expect(html).not.toContain('<noscript>');
    // The app's and the template's stylesheets are in the page, each beside a disabled link naming its file (which
    // the browser neither fetches nor applies, and the chunk loader takes as loaded); no text closes the element.
    expect(html).toContain(
      '<style data-href="/assets/start-1.css">.frame{color:red}</style><link rel="stylesheet" href="/assets/start-1.css" disabled>',
    );
    expect(html).toContain(
      '<style data-href="/assets/index-1.css">.entry{color:blue}/* <\\/style> */</style>',
    );
    expect(html).not.toContain('crossorigin href="/assets/index-1.css"');
    // The list the address asked for, as the page's hook asks it.
    expect(events.calls).toEqual([{ search: 'К', when: 'upcoming', from: 0, size: 20 }]);
    expect(html).toContain('Соглашение спортсмена');
    // Only its islands are taken over: the page carries the list of their chunks (heard by the server build, not
    // here), neither the answers nor the router's state the app would need.
    expect(Object.keys(stateOf<IslandsPageState>(html))).toEqual(['islands']);
  });

  it("renders a page's islands as roots of their own, each from the props in its container", async () => {
    portalServer.use(
      platformScript('getEvents', () => ({ success: true, result: [event('ev-1', 'Кубок')], total: 1 })),
    );
    const html = (await renderer.render({ url: '/competitions?q=%D0%9A&when=all', template }))?.html ?? '';
    const header = headerIsland(html);
    expect(header?.props).toMatchObject({ pathname: '/competitions' });
    expect(header?.content).toContain('aria-controls="guest-side-menu"');
    expect(header?.content).toMatch(
      /<a href="\/competitions" class="[^"]*" aria-current="page">Мероприятия<\/a>/,
    );
    // The filters start from the address, and their ids are those of their own root (the second island).
    const filters = /data-island="events-filters" data-island-props="([^"]*)">(.*?)<\/section>/.exec(html);
    expect(filters?.[1]).toContain('&quot;search&quot;:&quot;К&quot;');
    expect(filters?.[1]).toContain('&quot;when&quot;:&quot;all&quot;');
    expect(filters?.[2]).toMatch(/id="[^"]*i1-[^"]*"/);
    expect(filters?.[2]).toContain('value="К"');
    // The results stand apart, for a new address's to take their place.
    expect(html).toContain('data-list-results=""');
  });

  it("keeps the app's way for a page that is not taken over by islands: its answers for the app", async () => {
    const html = (await renderer.render({ url: '/no-such-page', template }))?.html ?? '';
    const state = stateOf(html);
    expect(Object.keys(state.api as object)).toContain('queries');
    expect(state.chunks).toEqual([]);
    // Its islands are rendered in place, by the app's own tree.
    expect(html).toMatch(/data-island="guest-header" data-island-props="[^"]*"><header/);
  });

  it('renders the sign-in as an island of its own: the phone step, with no state of the app', async () => {
    const html = (await renderer.render({ url: '/login', template }))?.html ?? '';
    expect(Object.keys(stateOf<IslandsPageState>(html))).toEqual(['islands']);
    // In its props, the routes it learns where its visitor came from by: the profile pages, the pages that send a
    // guest to sign in, the sign-in pages — and no other.
    const signIn = /data-island="sign-in" data-island-props="([^"]*)">(.*?)<\/section>/.exec(html);
    const props = JSON.parse((signIn?.[1] ?? '{}').replace(/&quot;/g, '"')) as { returnRoutes?: unknown[] };
    expect(props.returnRoutes).toContainEqual({ path: '/profile/:id?', guard: 'profile' });
    expect(props.returnRoutes).toContainEqual({ path: '/apply/:id', guard: 'protectedToLogin' });
    expect(props.returnRoutes).toContainEqual({ path: '/register', guard: 'public' });
    expect(props.returnRoutes).not.toContainEqual(expect.objectContaining({ path: '/competitions' }));
    expect(signIn?.[2]).toContain('Введите номер телефона');
    expect(signIn?.[2]).toMatch(/<button type="submit"[^>]*disabled/);
    // The ways on are plain links: the island has no router, and the pages they lead to load the app.
    expect(signIn?.[2]).toContain('href="/register"');
    expect(signIn?.[2]).toContain('href="/login-change"');
  });

  it("renders the directories' filters as islands, from what the server read: the age classes, the club's name", async () => {
    portalServer.use(
      platformScript('getSportsmen', () => ({ success: true, result: [], total: 0 })),
      platformScript('getAgeClasses', () => ({
        success: true,
        result: [
          {
            __id: 'ac-adults',
            __name: 'Взрослые 18+',
            ...stamp,
            nazvanie: 'Взрослые 18+',
            code: 'adults',
            sortirovka: 5,
          },
          {
            __id: 'ac-kids',
            __name: 'Дети 10–11 лет',
            ...stamp,
            nazvanie: 'Дети 10–11 лет',
            code: 'kids',
            sortirovka: 1,
          },
        ],
        total: 2,
      })),
      platformScript('getOrganizationProfile', () => ({ success: true, data: club })),
    );
    const html = (await renderer.render({ url: '/sportsmen?club=org-1&sort=city', template }))?.html ?? '';
    expect(Object.keys(stateOf<IslandsPageState>(html))).toEqual(['islands']);
    const filters =
      /data-island="sportsmen-filters" data-island-props="([^"]*)">(.*?)<\/div><div[^>]*data-list-results/.exec(
        html,
      );
    const props = JSON.parse((filters?.[1] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as object;
    expect(props).toMatchObject({
      filters: { club: 'org-1', sort: 'city' },
      ageClasses: [
        { value: 'ac-kids', text: 'Дети 10–11 лет' },
        { value: 'ac-adults', text: 'Взрослые 18+' },
      ],
      clubName: 'СК «Олимп»',
    });
    expect(filters?.[2]).toContain('value="СК «Олимп»"');

    portalServer.use(platformScript('getOrganizations', () => ({ success: true, result: [], total: 0 })));
    const organizations = (await renderer.render({ url: '/organizations?q=%D0%9E', template }))?.html ?? '';
    expect(organizations).toMatch(/data-island="organizations-filters" data-island-props="[^"]*"><div/);
    expect(Object.keys(stateOf<IslandsPageState>(organizations))).toEqual(['islands']);
  });

  it("renders a club's page with its sections as islands, loading, and an athlete's with the header alone", async () => {
    portalServer.use(
      platformScript('getPublicProfile', ({ id }) =>
        id === 'org-1'
          ? { success: true, data: { kind: 'organization', profile: club } }
          : { success: true, data: { kind: 'sportsman', profile: athlete } },
      ),
    );
    const clubPage = (await renderer.render({ url: '/profile/org-1', template }))?.html ?? '';
    expect(clubPage).toContain('<title>Организации</title>');
    expect(Object.keys(stateOf<IslandsPageState>(clubPage))).toEqual(['islands']);
    expect(clubPage).toMatch(
      /data-island="club-athletes" data-island-props="\{&quot;organizationId&quot;:&quot;org-1&quot;,&quot;count&quot;:18\}"><section/,
    );
    expect(clubPage).toContain('data-island="organizer-events"');
    // Read in the browser, as the app's page is: the server renders them loading.
    expect(clubPage).toContain('Загрузка спортсменов…');

    const athletePage = (await renderer.render({ url: '/profile/sp-1', template }))?.html ?? '';
    expect(athletePage).toContain('<title>Спортсмены</title>');
    expect([...athletePage.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1])).toEqual([
      'guest-header',
    ]);
  });

  it.each([
    { what: 'a profile', script: 'getPublicProfile', url: '/profile/sp-1', says: 'Не удалось загрузить' },
    {
      what: 'an event',
      script: 'getEventById',
      url: '/competitions/ev-1',
      says: 'Не удалось загрузить мероприятие',
    },
  ] as const)(
    'renders $what the platform failed to give with a retry of its own, an island',
    async (read) => {
      portalServer.use(
        platformScript(read.script, () => apiError(502, 'Платформа недоступна', 'bad_gateway')),
      );
      const page = await renderer.render({ url: read.url, template });
      expect(page?.status).toBe(502);
      expect(page?.html).toMatch(
        /data-island="reload-retry" data-island-props="[^"]*"><div[^>]*role="alert"/,
      );
      expect(page?.html).toContain(read.says);
    },
  );

  it("renders an event's page with its name as the title, its dates and its programs", async () => {
    portalServer.use(platformScript('getEventById', () => ({ success: true, data: details })));
    const page = await renderer.render({ url: '/competitions/ev-1', template });
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('<title>Кубок Казани по каратэ — ФКЕ</title>');
    expect(page?.html).toContain('12–14 декабря 2099');
    expect(page?.html).toContain('Ката, взрослые');
  });

  it("answers an unknown event with the page's 404 view and status", async () => {
    portalServer.use(
      platformScript('getEventById', () => apiError(404, 'Мероприятие не найдено', 'not_found')),
    );
    const page = await renderer.render({ url: '/competitions/nope', template });
    expect(page?.status).toBe(404);
  });

  it("answers a platform failure with the page's error state and the platform's status, no stack", async () => {
    portalServer.use(platformScript('getEvents', () => apiError(502, 'Платформа недоступна', 'bad_gateway')));
    const page = await renderer.render({ url: '/competitions', template });
    expect(page?.status).toBe(502);
    expect(page?.html).toContain('Не удалось загрузить мероприятия');
    expect(page?.html).not.toMatch(/at \w+ \(/);
  });

  it('answers an address of no route with the 404 view and status', async () => {
    const page = await renderer.render({ url: '/no/such/page', template });
    expect(page?.status).toBe(404);
    expect(page?.html).toContain('Страница не найдена');
    expect(page?.html).toContain('<title>Competitions | Error 404</title>');
  });

  it('leaves to the browser what a guest may not see or the table renders there', async () => {
    expect(await renderer.render({ url: '/profile', template })).toBeNull();
    expect(await renderer.render({ url: '/apply/ev-1', template })).toBeNull();
    expect(await renderer.render({ url: '/register', template })).toBeNull();
  });

  it('renders the sign-in form, which reads nothing of its own', async () => {
    const page = await renderer.render({ url: '/login', template });
    expect(page?.status).toBe(200);
    expect(page?.html).toContain('Введите номер телефона — мы пришлём код подтверждения в SMS.');
    expect(page?.html).toMatch(/<input[^>]*name="phone"/);
  });

  it("gives the shell the app's chunks to load at once", () => {
    const shell = renderer.shell(template, '/register');
    expect(shell).toContain('<link rel="modulepreload" crossorigin href="/assets/start-1.js">');
    expect(shell).toContain('<link rel="stylesheet" crossorigin href="/assets/start-1.css">');
    expect(shell).toContain('<div id="root"></div>');
  });
});
