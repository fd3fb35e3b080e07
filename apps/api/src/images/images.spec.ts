import type { INestApplication } from '@nestjs/common';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  type FakeHandler,
  type FakeUpstream,
} from '../proxy/testing/gateway-testing';
import { PlatformClient } from '../platform/platform-client';
import { extensions } from '../proxy/testing/platform-world';
import { ImagesModule } from './images.module';

const TOKEN = 'platform-image-token';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** Decodes an answer's body (supertest leaves binary bodies as Buffers with `.buffer()`). */
const imageOf = (body: unknown) => sharp(body as Buffer).metadata();

describe('image resizer', () => {
  let app: INestApplication;
  let upstream: FakeUpstream;
  let dir: string;
  let cacheDir: string;
  let photo: Buffer;
  let huge: Buffer;
  let linkOrigin: string | null = null;

  const platform: FakeHandler = (q, _b, r) => {
    const url = new URL(q.url ?? '/', 'http://x');
    const link = /^\/pub\/v1\/disk\/file\/([^/]+)\/get-link$/.exec(url.pathname);
    if (link && q.method === 'POST') {
      if (q.headers.authorization !== `Bearer ${TOKEN}`)
        return sendJson(r, 403, { success: false, error: 'token' });
      const id = link[1];
      if (id === 'missing') return sendJson(r, 404, { success: false, error: 'no file' });
      return sendJson(r, 200, {
        success: true,
        error: '',
        Link: `${linkOrigin ?? upstream.url}/files/${id}?signature=s`,
      });
    }
    if (url.pathname === '/files/photo') return r.writeHead(200, { 'Content-Type': 'image/png' }).end(photo);
    if (url.pathname === '/files/huge') return r.writeHead(200, { 'Content-Type': 'image/png' }).end(huge);
    if (url.pathname === '/files/text')
      return r.writeHead(200, { 'Content-Type': 'text/plain' }).end('hello');
    if (url.pathname === '/files/bomb') {
      return void png(3000, 3000).then((bomb) => r.writeHead(200).end(bomb));
    }
    return sendJson(r, 404, { success: false, error: 'not found' });
  };

  beforeAll(async () => {
    photo = await png(400, 300);
    huge = Buffer.concat([await png(10, 10), Buffer.alloc(300_000)]);
    dir = mkdtempSync(join(tmpdir(), 'img-test-'));
    const portal = join(dir, 'portal');
    cacheDir = join(dir, 'cache');
    mkdirSync(join(portal, 'assets'), { recursive: true });
    writeFileSync(join(portal, 'assets', 'logo.png'), await png(120, 60));
    writeFileSync(join(portal, 'assets', 'notes.txt.png'), 'not an image');
    writeFileSync(join(portal, 'index.html'), '<!doctype html>');
    writeFileSync(join(dir, 'secret.png'), await png(5, 5));
    symlinkSync(join(dir, 'secret.png'), join(portal, 'assets', 'escape.png'));
    upstream = await startFakeUpstream(platform);
    app = await startGatewayApp(
      ImagesModule.forRoot({
        platform: () => ({ baseUrl: upstream.url, token: TOKEN, extensions, timeoutMs: 300 }),
        portalDistDir: portal,
        cacheDir,
        maxInputBytes: 200_000,
        maxInputPixels: 4_000_000,
        rateLimit: { burst: 100_000, perMinute: 100_000 },
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  beforeEach(() => {
    upstream.handler = platform;
    linkOrigin = null;
  });

  const get = (path: string) => request(app.getHttpServer()).get(path).buffer(true);

  it('resizes a platform file, with a strong ETag, caches it on disk and answers 304 on If-None-Match', async () => {
    const first = await get('/api/img/w_240,q_80,f_webp/file/photo');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['etag']).toMatch(/^"[A-Za-z0-9_-]{32}"$/);
    expect(await imageOf(first.body)).toMatchObject({ format: 'webp', width: 240, height: 180 });
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);

    const calls = upstream.requests.length;
    const again = await get('/api/img/f_webp,q_80,w_240/file/photo');
    expect(again.status).toBe(200);
    expect(again.headers['etag']).toBe(first.headers['etag']);
    // Another width and quality that snap onto the same step are the same image, the same cache entry.
    const snapped = await get('/api/img/w_200,q_70,f_webp/file/photo');
    expect(snapped.headers['etag']).toBe(first.headers['etag']);
    const notModified = await get('/api/img/w_161,q_66,f_webp/file/photo').set(
      'If-None-Match',
      first.headers['etag'] ?? '',
    );
    expect(notModified.status).toBe(304);
    expect(upstream.requests.length).toBe(calls);
  });

  it('resizes a portal file and never enlarges', async () => {
    const small = await get('/api/img/w_64,h_64,f_png/assets/logo.png');
    expect(small.status).toBe(200);
    expect(await imageOf(small.body)).toMatchObject({ format: 'png', width: 64, height: 32 });
    const big = await get('/api/img/w_2000/assets/logo.png');
    expect(await imageOf(big.body)).toMatchObject({ width: 120, height: 60 });
    expect(big.headers['content-type']).toBe('image/png');
  });

  it.each([
    'w_0',
    'w_10000',
    'h_99999',
    'q_0',
    'q_101',
    'f_gif',
    'f_svg',
    'w_10,w_20',
    'x_1',
    'w_abc',
    'w_010',
    'w_10,',
    ',',
    'w_1.5',
    'W_10',
    '%ZZ',
  ])('refuses modifiers %s with 400 JSON', async (modifiers) => {
    const response = await get(`/api/img/${modifiers}/assets/logo.png`);
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
    // Express refuses a malformed escape itself (still as our JSON error); the rest are ours.
    if (modifiers !== '%ZZ') expect(response.body.code).toBe('image_modifiers_invalid');
  });

  it.each([
    '/api/img/w_10/assets/missing.png',
    '/api/img/w_10/index.html',
    '/api/img/w_10/assets/../index.html',
    '/api/img/w_10/assets/%2e%2e/%2e%2e/secret.png',
    '/api/img/w_10/..%2Fsecret.png',
    '/api/img/w_10/assets/escape.png',
    '/api/img/w_10/file/missing',
    '/api/img/w_10/file/a/b',
    '/api/img/w_10/file/..',
    '/api/img/w_10',
    '/api/img/w_10/.hidden.png',
  ])('answers 404 JSON for the unknown source %s', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(404);
    expect(response.body.statusCode).toBe(404);
  });

  it("reads platform files through the api's one platform client, within the source byte limit", async () => {
    const readFile = vi.spyOn(app.get(PlatformClient, { strict: false }), 'readFile');
    try {
      expect((await get('/api/img/w_77/file/photo')).status).toBe(200);
      expect(readFile).toHaveBeenCalledWith('photo', 200_000);
    } finally {
      readFile.mockRestore();
    }
  });

  it('refuses a file link to another origin', async () => {
    linkOrigin = 'http://127.0.0.2:9';
    const response = await get('/api/img/w_10/file/photo-elsewhere');
    expect(response.status).toBe(502);
  });

  it.each([
    ['over the byte limit', 'huge'],
    ['over the pixel limit', 'bomb'],
    ['not an image', 'text'],
  ])('answers 422 for a source %s', async (_why, id) => {
    const response = await get(`/api/img/w_10/file/${id}`);
    expect(response.status).toBe(422);
    expect(response.body.code).toMatch(/image_unprocessable/);
  });

  it('answers 422 for a portal file that is not an image', async () => {
    expect((await get('/api/img/w_10/assets/notes.txt.png')).status).toBe(422);
  });

  it('answers 502 when the platform is down and 504 when it is slow, then recovers', async () => {
    upstream.handler = (_q, _b, r) => void setTimeout(() => r.end(), 1_500);
    expect((await get('/api/img/w_11/file/photo')).status).toBe(504);
    await upstream.stop();
    expect((await get('/api/img/w_12/file/photo')).status).toBe(502);
    await upstream.restart();
    upstream.handler = platform;
    expect((await get('/api/img/w_13/file/photo')).status).toBe(200);
  });

  it('limits resizes per client but keeps serving what is cached', async () => {
    const limited = await startGatewayApp(
      ImagesModule.forRoot({
        platform: { baseUrl: upstream.url, token: TOKEN, extensions },
        portalDistDir: join(dir, 'portal'),
        cacheDir: join(dir, 'cache-limited'),
        rateLimit: { burst: 2, perMinute: 1 },
        maxConcurrentTransforms: 1,
      }),
    );
    try {
      const fetchImage = (modifiers: string) =>
        request(limited.getHttpServer()).get(`/api/img/${modifiers}/assets/logo.png`).buffer(true);
      const [first, second] = await Promise.all([fetchImage('w_32'), fetchImage('w_48')]);
      expect([first.status, second.status]).toEqual([200, 200]);
      const refused = await fetchImage('w_64');
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      expect((await fetchImage('w_32')).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('never answers 500 to any path', async () => {
    const token = fc.oneof(
      fc.constantFrom('w_10', 'h_10', 'q_50', 'f_webp', 'f_png', 'w_0', 'q_', 'f_'),
      fc.string({ maxLength: 8 }),
    );
    const modifiers = fc.array(token, { minLength: 0, maxLength: 4 }).map((tokens) => tokens.join(','));
    const source = fc.oneof(
      fc.constantFrom('assets/logo.png', 'file/photo', 'file/missing', 'index.html', '../secret.png'),
      fc.array(fc.string({ maxLength: 10 }), { maxLength: 3 }).map((parts) => parts.join('/')),
    );
    await fc.assert(
      fc.asyncProperty(modifiers, source, async (mods, src) => {
        const path = `/api/img/${encodeURIComponent(mods)}/${src.split('/').map(encodeURIComponent).join('/')}`;
        const response = await get(path);
        expect(response.status).toBeLessThan(500);
      }),
      { numRuns: 120 },
    );
  });
});
