import type { INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { IMAGE_SIZES } from '@fed/contracts';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  sendJson,
  startFakeUpstream,
  startGatewayApp,
  type FakeHandler,
  type FakeUpstream,
} from '../proxy/testing/gateway-testing';
import { extensions } from '../proxy/testing/platform-world';
import { ImagesModule } from './images.module';
import { ImagesService, type ImagesModuleOptions } from './images.service';

const TOKEN = 'platform-image-token';

/** Random pixels: no encoder can shrink them, so each resized variant costs real bytes and time. */
const noisePng = (width: number, height: number) => {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
};

/** Every file under `dir` (the cache's shards), with its size. */
function filesUnder(dir: string): { name: string; bytes: number }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => ({ name: entry.name, bytes: statSync(join(entry.parentPath, entry.name)).size }));
}

const until = async (condition: () => boolean, what: string) => {
  for (let waited = 0; !condition(); waited += 10) {
    if (waited > 15_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((done) => setTimeout(done, 10));
  }
};

describe('image resizer limits', () => {
  let upstream: FakeUpstream;
  let dir: string;
  let noise: Buffer;
  let small: Buffer;
  /** Sources of their own (different pixels, so different ETags), by file id. */
  const sources = new Map<string, Buffer>();
  /** Downloads of `held-*` files, in the order they reached the platform; each waits for `release`. */
  let downloads: string[];
  let held: (() => void)[];
  const apps: INestApplication[] = [];

  const platform: FakeHandler = (q, _b, r) => {
    const url = new URL(q.url ?? '/', 'http://x');
    const link = /^\/pub\/v1\/disk\/file\/([^/]+)\/get-link$/.exec(url.pathname);
    if (link && q.method === 'POST') {
      return sendJson(r, 200, { success: true, error: '', Link: `${upstream.url}/files/${link[1]}` });
    }
    const file = /^\/files\/(.+)$/.exec(url.pathname)?.[1] ?? '';
    const own = sources.get(file);
    if (own !== undefined) return r.writeHead(200, { 'Content-Type': 'image/png' }).end(own);
    if (file.startsWith('held-')) {
      downloads.push(file);
      held.push(() => r.writeHead(200, { 'Content-Type': 'image/png' }).end(small));
      return;
    }
    if (file.startsWith('noise')) return r.writeHead(200, { 'Content-Type': 'image/png' }).end(noise);
    if (file.startsWith('small')) return r.writeHead(200, { 'Content-Type': 'image/png' }).end(small);
    return sendJson(r, 404, { success: false, error: 'not found' });
  };

  /** Downloads (not link requests) of platform files so far: each one is a cache miss. */
  const fileFetches = (id: string) =>
    upstream.requests.filter((r) => r.target.startsWith(`/files/${id}`)).length;

  /** The images module alone, listening on 127.0.0.1, trusting `X-Forwarded-For` as the client's address. */
  async function startImages(options: Partial<ImagesModuleOptions> & { cacheDir: string }) {
    const app = await startGatewayApp(
      ImagesModule.forRoot({
        platform: { baseUrl: upstream.url, token: TOKEN, extensions },
        portalDistDir: join(dir, 'no-portal'),
        rateLimit: { burst: 100_000, perMinute: 100_000 },
        ...options,
      }),
      (nest) => (nest as NestExpressApplication).set('trust proxy', true),
    );
    apps.push(app);
    await app.listen(0, '127.0.0.1');
    const { port } = app.getHttpServer().address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const get = (path: string, client = '198.51.100.1') =>
      request(base).get(path).set('X-Forwarded-For', client).buffer(true);
    /** Sends at once (supertest sends lazily) and settles with the answer. */
    const send = (path: string, client?: string) => get(path, client).then((answer) => answer);
    return { app, get, send, service: app.get(ImagesService) };
  }

  beforeAll(async () => {
    noise = await noisePng(1000, 750);
    small = await noisePng(300, 300);
    dir = mkdtempSync(join(tmpdir(), 'img-limits-'));
    upstream = await startFakeUpstream(platform);
  });

  beforeEach(() => {
    downloads = [];
    held = [];
  });

  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => undefined);
    await upstream.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('makes at most one variant per allowed size, whatever widths are asked for', async () => {
    const cacheDir = join(dir, 'widths');
    const { get } = await startImages({ cacheDir });
    const widths = Array.from({ length: 120 }, (_, index) => 1 + index * 17); // 1 … 2024
    for (const width of widths) {
      const answer = await get(`/api/img/w_${width},f_jpeg/file/noise-widths`);
      expect(answer.status).toBe(200);
      const { width: served = 0 } = await sharp(answer.body as Buffer).metadata();
      // The next allowed size up, or the source's own width (never enlarged).
      expect([...IMAGE_SIZES, 1000]).toContain(served);
      expect(served).toBeGreaterThanOrEqual(Math.min(width, 1000));
    }
    const variants = IMAGE_SIZES.length;
    expect(filesUnder(cacheDir).length).toBeLessThanOrEqual(variants);
    expect(fileFetches('noise-widths')).toBeLessThanOrEqual(variants);
  });

  it('keeps the cache under its byte limit, the least recently used image out first', async () => {
    const cacheDir = join(dir, 'bounded');
    // A 240-px PNG of noise is about 170 kB: two fit in 400 kB, three do not.
    const limit = 400_000;
    const { get, service } = await startImages({ cacheDir, cacheMaxBytes: limit });
    const path = (id: string) => `/api/img/w_240,f_png/file/${id}`;
    expect((await get(path('small-a'))).status).toBe(200);
    expect((await get(path('small-b'))).status).toBe(200);
    expect((await get(path('small-a'))).status).toBe(200); // a is now used more recently than b
    expect((await get(path('small-c'))).status).toBe(200);

    const onDisk = filesUnder(cacheDir).reduce((sum, file) => sum + file.bytes, 0);
    expect(onDisk).toBeLessThanOrEqual(limit);
    expect(service.cache.size.bytes).toBe(onDisk);
    expect(filesUnder(cacheDir)).toHaveLength(2);

    await get(path('small-a'));
    await get(path('small-c'));
    expect([fileFetches('small-a'), fileFetches('small-c')]).toEqual([1, 1]); // still cached
    await get(path('small-b'));
    expect(fileFetches('small-b')).toBe(2); // evicted, made again
    expect(filesUnder(cacheDir).reduce((sum, file) => sum + file.bytes, 0)).toBeLessThanOrEqual(limit);
  });

  it('refuses to start with a cache limit or queue size that is not a positive whole number', async () => {
    await expect(startImages({ cacheDir: join(dir, 'bad'), cacheMaxBytes: 0 })).rejects.toThrow(
      /IMAGE_CACHE_MAX_BYTES/,
    );
    await expect(startImages({ cacheDir: join(dir, 'bad'), maxTransformsPerClient: 1.5 })).rejects.toThrow(
      /maxTransformsPerClient/,
    );
  });

  it('rebuilds its index from the directory after a restart, by last use, within the limit', async () => {
    const cacheDir = join(dir, 'restart');
    const first = await startImages({ cacheDir });
    const etags: Record<string, string> = {};
    for (const id of ['small-r1', 'small-r2', 'small-r3']) {
      sources.set(id, await noisePng(300, 300));
      const answer = await first.get(`/api/img/w_240,f_png/file/${id}`);
      etags[id] = (answer.headers['etag'] ?? '').replaceAll('"', '');
    }
    await first.app.close();
    // Last used: r2 long ago, r1 an hour ago, r3 a minute ago. A file of an older cache layout is left too.
    const files = filesUnder(cacheDir);
    const fileOf = (id: string) => {
      const name = files.find((file) => file.name.includes(etags[id] ?? '?'))?.name ?? '';
      return join(cacheDir, name.slice(0, 2), name);
    };
    const ago = (seconds: number) => Date.now() / 1000 - seconds;
    utimesSync(fileOf('small-r2'), ago(86_400), ago(86_400));
    utimesSync(fileOf('small-r1'), ago(3_600), ago(3_600));
    utimesSync(fileOf('small-r3'), ago(60), ago(60));
    mkdirSync(join(cacheDir, 'ab'), { recursive: true });
    writeFileSync(join(cacheDir, 'ab', `${'ab'.repeat(32)}.bin`), Buffer.alloc(50_000));

    const fetchesBefore = fileFetches('small-r');
    const second = await startImages({ cacheDir, cacheMaxBytes: 400_000 });
    expect(filesUnder(cacheDir)).toHaveLength(2);
    expect(second.service.cache.size.entries).toBe(2);
    const again = await second.get('/api/img/w_240,f_png/file/small-r1');
    expect(again.headers['etag']).toBe(`"${etags['small-r1']}"`);
    await second.get('/api/img/w_240,f_png/file/small-r3');
    expect(fileFetches('small-r')).toBe(fetchesBefore); // both served from the disk
    await second.get('/api/img/w_240,f_png/file/small-r2');
    expect(fileFetches('small-r')).toBe(fetchesBefore + 1); // the least recently used was removed
  });

  it('serves another address after at most the resize already running, however many misses one address sends', async () => {
    const { send, service } = await startImages({
      cacheDir: join(dir, 'fair'),
      maxConcurrentTransforms: 1,
      maxQueuedTransforms: 32,
      maxTransformsPerClient: 4,
    });
    const greedy = Array.from({ length: 30 }, (_, index) =>
      send(`/api/img/w_${64 + index * 50},f_jpeg/file/held-greedy-${index}`, '203.0.113.7'),
    );
    await until(() => downloads.length === 1 && service.queue.load.queued === 3, 'the greedy queue');
    const other = send('/api/img/w_320,f_jpeg/file/held-other', '203.0.113.99');
    await until(() => service.queue.load.queued === 4, 'the other request to queue');

    // Let the platform answer one download at a time; the order of downloads is the order of resizes.
    while (downloads.length < 5) {
      const count = downloads.length;
      held.shift()?.();
      await until(() => downloads.length > count || service.queue.load.running === 0, 'the next resize');
      if (service.queue.load.running === 0) break;
    }
    held.forEach((release) => release());
    expect(downloads.indexOf('held-other')).toBe(1);
    expect((await other).status).toBe(200);

    const answers = await Promise.all(greedy);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(4);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(26);
    for (const answer of refused) {
      expect(answer.headers['retry-after']).toMatch(/^[1-9]\d*$/);
      expect(answer.body).toMatchObject({ statusCode: 429, code: 'too_many_requests' });
      expect(answer.body.message).toMatch(/повторите через \d+ с/);
    }
  });

  it('answers 503 with Retry-After when the queue is full, refusing the greedy address first, and still serves cache hits', async () => {
    const { get, send, service } = await startImages({
      cacheDir: join(dir, 'full'),
      maxConcurrentTransforms: 1,
      maxQueuedTransforms: 2,
      maxTransformsPerClient: 3,
    });
    expect((await get('/api/img/w_96,f_webp/file/small-hit')).status).toBe(200);

    const greedy = [0, 1, 2].map((index) =>
      send(`/api/img/w_${96 + index * 100},f_jpeg/file/held-full-a${index}`, '203.0.113.1'),
    );
    await until(() => downloads.length === 1 && service.queue.load.queued === 2, 'a full queue');
    // A newcomer takes the place of the greedy address's last waiting resize…
    const newcomer = send('/api/img/w_320,f_jpeg/file/held-full-b', '203.0.113.2');
    const displaced = await greedy[2];
    expect(displaced?.status).toBe(503);
    // …and so does the next one: the greedy address is down to the resize it is running…
    const third = send('/api/img/w_320,f_jpeg/file/held-full-c', '203.0.113.3');
    expect((await greedy[1])?.status).toBe(503);
    // …and once every address holds one place, the next is refused.
    const refused = await send('/api/img/w_320,f_jpeg/file/held-full-d', '203.0.113.4');
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(refused.headers['content-type']).toMatch(/application\/json/);
    expect(refused.body).toMatchObject({ statusCode: 503, code: 'images_busy' });
    expect(refused.body.message).toMatch(/^Сервер изображений перегружен, повторите через \d+ с$/);

    // Cache hits do not queue: answered while every resize slot and place is taken, even to the greedy address.
    const hit = await get('/api/img/w_96,f_webp/file/small-hit', '203.0.113.1');
    expect(hit.status).toBe(200);
    expect(service.queue.load).toMatchObject({ running: 1, queued: 2 });
    expect(fileFetches('small-hit')).toBe(1);

    while (service.queue.load.running > 0) {
      held.shift()?.();
      await new Promise((done) => setTimeout(done, 10));
    }
    expect((await Promise.all([greedy[0], newcomer, third])).map((answer) => answer?.status)).toEqual([
      200, 200, 200,
    ]);
  });
});
