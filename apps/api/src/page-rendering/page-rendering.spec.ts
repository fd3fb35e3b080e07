import { systemClock } from '@fed/calendar';
import type { INestApplication } from '@nestjs/common';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_COOKIE } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { portalHosting } from '../portal-hosting/portal-hosting';
import { ProxyModule } from '../proxy/proxy.module';
import { ProxyService } from '../proxy/proxy.service';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  testIds,
  type FakeUpstream,
} from '../proxy/testing/gateway-testing';
import { extensions, platformWorld, TEST_PLATFORM_TOKEN } from '../proxy/testing/platform-world';
import { inProcessFetch } from './in-process-fetch';
import { invalidatePagesOnWrites } from './page-invalidation';
import { PageRendering } from './page-rendering';

const eventsScript = `/api/extensions/${extensions.functions}/script/getEvents`;
const changeState = encodeURIComponent(
  `/api/extensions/${extensions.requests}/script/changeCompetitionRequestState`,
);

/**
 * A render module standing in for the portal build's (which the api never imports): it reads the events through
 * the fetch the api gives it, as the portal's pages do, and renders what it read; it counts its renders.
 */
const renderModule = `
export async function createPortalRenderer({ fetch, publicConfig }) {
  globalThis.__renders = 0;
  return {
    shell: (template, url) =>
      template.replace('</head>', '<meta name="portal-shell" content="' + new URL(url, 'http://x').pathname + '"></head>'),
    async render({ url, template }) {
      const { pathname } = new URL(url, 'http://portal.render');
      if (pathname === '/login') return null;
      globalThis.__renders += 1;
      if (pathname !== '/competitions') {
        return { status: 404, html: template.replace('<div id="root"></div>', '<div id="root"><h1>Страница не найдена</h1></div>') };
      }
      const target = encodeURIComponent(${JSON.stringify(eventsScript)} + '?data=' + encodeURIComponent('{}'));
      const answer = await fetch('http://portal.render/api/proxy?url=' + target);
      const body = await answer.json();
      const content = answer.ok
        ? '<h1>Мероприятия</h1><p>' + body.echo.path + '</p><p>' + publicConfig.federationProfileId + '</p>'
        : '<h1>Мероприятия</h1><p>Не удалось загрузить мероприятия</p>';
      return { status: answer.ok ? 200 : answer.status, html: template.replace('<div id="root"></div>', '<div id="root">' + content + '</div>') };
    },
  };
}
`;

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe('pages rendered on the server', () => {
  let dir: string;
  let upstream: FakeUpstream;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-pages-'));
    const portal = join(dir, 'portal');
    mkdirSync(portal);
    mkdirSync(join(dir, 'portal-server'));
    writeFileSync(
      join(portal, 'index.html'),
      '<html><head><title>ФКЕ</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(dir, 'portal-server', 'render.mjs'), renderModule);
    upstream = await startFakeUpstream(platformWorld);
    app = await startGatewayApp(
      ProxyModule.forRoot({
        platform: () => ({ url: upstream.url, token: TEST_PLATFORM_TOKEN, extensions }),
      }),
      (nest) => {
        const pages = new PageRendering({
          portalDistDir: portal,
          publicConfig: sandboxPublicConfig,
          fetch: inProcessFetch(nest.get(ProxyService)),
          clock: systemClock,
          cache: { freshMs: 60_000, staleMs: 120_000, maxEntries: 10, maxBytes: 1_000_000 },
          deadlineMs: 2_000,
          // The bundled api imports the module natively; under vitest the test's own import does.
          load: (file) => import(/* @vite-ignore */ file),
        });
        nest.use(invalidatePagesOnWrites(pages));
        nest.use(portalHosting(portal, sandboxPublicConfig, pages));
      },
    );
  });
  afterAll(async () => {
    await app.close();
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    upstream.handler = platformWorld;
  });

  it("answers a guest with the page rendered from the platform's answer, read as a guest through the proxy", async () => {
    upstream.requests.length = 0;
    const answer = await http().get('/competitions?render=1').set('Accept-Encoding', 'br').expect(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['vary']).toMatch(/Accept-Encoding.*Cookie/);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers['server-timing']).toMatch(/^page;desc="miss";dur=/);
    expect(answer.text).toContain('<h1>Мероприятия</h1>');
    expect(answer.text).toContain(`<p>${eventsScript}</p>`);
    expect(answer.text).toContain(sandboxPublicConfig.federationProfileId);
    // Read with the server's own platform token, as any proxy read: nothing of the visitor went upstream.
    expect(upstream.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${TEST_PLATFORM_TOKEN}`]);
  });

  it('keeps a rendered page: the next visitor gets it without a render, and a 304 for the same ETag', async () => {
    const first = await http().get('/competitions?cache=1').expect(200);
    const count = renders();
    const again = await http().get('/competitions?cache=1').expect(200);
    expect(renders()).toBe(count);
    expect(again.headers['server-timing']).toMatch(/desc="hit"/);
    expect(again.text).toBe(first.text);
    await http().get('/competitions?cache=1').set('If-None-Match', String(again.headers['etag'])).expect(304);
  });

  it('answers a browser that says someone is signed in with the shell, never the guest page', async () => {
    await http().get('/competitions').expect(200);
    const count = renders();
    const answer = await http()
      .get('/competitions')
      .set('Cookie', `other=1; ${SIGNED_IN_COOKIE}=1`)
      .expect(200);
    expect(answer.text).toContain('<meta name="portal-shell" content="/competitions">');
    expect(answer.text).toContain('<div id="root"></div>');
    expect(answer.text).not.toContain('<h1>Мероприятия</h1>');
    expect(answer.headers['server-timing']).toMatch(/desc="shell"/);
    expect(renders()).toBe(count);
  });

  it('answers an address the portal renders in the browser only with the shell', async () => {
    const answer = await http().get('/login').expect(200);
    expect(answer.text).toContain('<meta name="portal-shell" content="/login">');
  });

  it("answers an unknown address with the 404 view and status, the page's HTML and not the api's JSON", async () => {
    const answer = await http().get('/no/such/page').expect(404);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('Страница не найдена');
  });

  it("renders a platform failure as the page's error state with the platform's status, not kept, no stack", async () => {
    upstream.handler = (_q, _b, r) => sendJson(r, 500, { success: false, error: 'boom' });
    const answer = await http().get('/competitions?failing=1').expect(502);
    expect(answer.text).toContain('Не удалось загрузить мероприятия');
    expect(answer.text).not.toMatch(/at \w+ .*\.(ts|js|mjs):\d+/);
    upstream.handler = platformWorld;
    const recovered = await http().get('/competitions?failing=1').expect(200);
    expect(recovered.text).toContain(eventsScript);
  });

  it("forgets every page after the portal's own successful write, not after a refused one", async () => {
    await http().get('/competitions?write=1').expect(200);
    const count = renders();
    await http()
      .post(`/api/proxy?url=${changeState}`)
      .send({ requestId: testIds.requestA, requestState: 'cancelled' });
    await http().get('/competitions?write=1').expect(200);
    expect(renders()).toBe(count);

    await http()
      .post(`/api/proxy?url=${changeState}`)
      .set('Authorization', 'Bearer athleteA')
      .send({ requestId: testIds.requestA, requestState: 'cancelled' })
      .expect(200);
    const after = await http().get('/competitions?write=1').expect(200);
    expect(renders()).toBe(count + 1);
    expect(after.headers['server-timing']).toMatch(/desc="miss"/);
  });

  it('takes up a rebuilt render module without a restart', async () => {
    const file = join(dir, 'portal-server', 'render.mjs');
    writeFileSync(file, renderModule.replace('<h1>Мероприятия</h1><p>', '<h1>Мероприятия</h1><p>v2 '));
    const later = Date.now() / 1000 + 5;
    utimesSync(file, later, later);
    await new Promise((done) => setTimeout(done, 1100));
    const answer = await http().get('/competitions?rebuilt=1').expect(200);
    expect(answer.text).toContain(`<p>v2 ${eventsScript}</p>`);
  });
});
