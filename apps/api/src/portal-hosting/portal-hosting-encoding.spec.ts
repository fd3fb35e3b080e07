import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { portalHosting } from './portal-hosting';

/** A script big enough to compress, as a hashed asset of the build. */
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `{id:${i},title:'Событие ${i}'}`).join(',')}];\n`;
const scriptPath = '/assets/index-Ab12Cd34.js';
const css = `${Array.from({ length: 80 }, (_, i) => `.c${i}{color:var(--text);margin:${i}px}`).join('\n')}\n`;
const page = `<!doctype html><html lang="ru"><head><title>Портал</title>${'<meta name="x" content="y">'.repeat(30)}</head><body><div id="root"></div></body></html>`;
const latest = `{"buildId":"${'a'.repeat(40)}","builtAt":"2026-11-26T10:00:00.000Z","note":"${'b'.repeat(200)}"}\n`;

/** The build's layout: each text file with the `.br` and `.gz` the compression step writes beside it. */
function writeBuild(dir: string): { br: Buffer; gz: Buffer } {
  mkdirSync(join(dir, 'assets'), { recursive: true });
  mkdirSync(join(dir, 'builds'), { recursive: true });
  const files: Record<string, string> = {
    'index.html': page,
    [scriptPath.slice(1)]: script,
    'assets/style-Zz98Yy76.css': css,
    'builds/latest.json': latest,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text, { level: 9 }));
  }
  // A text file the step left without variants (they would not have been smaller).
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return { br: brotliCompressSync(script), gz: gzipSync(script, { level: 9 }) };
}

/** The bytes as they crossed the wire, undecoded (supertest decodes gzip and brotli itself). */
function raw(server: Server, path: string, headers: Record<string, string>): Promise<Buffer> {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port: address.port, path, headers }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve(Buffer.concat(chunks)));
      answer.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('portalHosting: compressed answers by Accept-Encoding', () => {
  let dir: string;
  let variants: { br: Buffer; gz: Buffer };
  let app: express.Express;
  let server: Server;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'portal-enc-'));
    variants = writeBuild(dir);
    app = express().use(portalHosting(dir, sandboxPublicConfig));
    server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers brotli to a browser, with the variant the build wrote, cached for a year', async () => {
    const answer = await request(app)
      .get(scriptPath)
      .set('Accept-Encoding', 'gzip, deflate, br, zstd')
      .expect(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
    expect(answer.headers['content-length']).toBe(String(variants.br.length));
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['etag']).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+-br"$/);
    expect(answer.text).toBe(script);
    expect(await raw(server, scriptPath, { 'Accept-Encoding': 'br' })).toEqual(variants.br);
  });

  it('answers gzip to a client without brotli, and when brotli is refused with q=0', async () => {
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'BR ; Q=0 , *', 'x-gzip']) {
      const answer = await request(app).get(scriptPath).set('Accept-Encoding', accept).expect(200);
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({ accept, encoding: 'gzip' });
      expect(answer.headers['content-length']).toBe(String(variants.gz.length));
      expect(answer.headers['etag']).toMatch(/-gzip"$/);
      expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
      expect(answer.text).toBe(script);
    }
    expect(gunzipSync(await raw(server, scriptPath, { 'Accept-Encoding': 'gzip' })).toString()).toBe(script);
  });

  it('answers the bytes as they are to a client that accepts no encoding, still varying by it', async () => {
    const none = await request(app).get(scriptPath).unset('Accept-Encoding').expect(200);
    expect(none.headers['content-encoding']).toBeUndefined();
    expect(none.headers['content-length']).toBe(String(Buffer.byteLength(script)));
    expect(none.headers['vary']).toMatch(/Accept-Encoding/);
    expect(none.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(none.text).toBe(script);
    expect((await raw(server, scriptPath, {})).toString()).toBe(script);

    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'deflate', '*;q=0', '']) {
      const answer = await request(app).get(scriptPath).set('Accept-Encoding', accept).expect(200);
      expect({ accept, encoding: answer.headers['content-encoding'] }).toEqual({
        accept,
        encoding: undefined,
      });
      expect(answer.text).toBe(script);
    }
  });

  it('gives each encoding its own ETag and answers 304 to the one a cache holds', async () => {
    const etags = new Set<string>();
    for (const accept of ['br', 'gzip', 'identity']) {
      const first = await request(app).get(scriptPath).set('Accept-Encoding', accept).expect(200);
      const etag = String(first.headers['etag']);
      etags.add(etag);
      const again = await request(app)
        .get(scriptPath)
        .set('Accept-Encoding', accept)
        .set('If-None-Match', etag)
        .expect(304);
      expect(again.headers['vary']).toMatch(/Accept-Encoding/);
    }
    expect(etags.size).toBe(3);
  });

  it('answers HEAD with the headers of the chosen variant and no body', async () => {
    const answer = await request(app).head(scriptPath).set('Accept-Encoding', 'br').expect(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-length']).toBe(String(variants.br.length));
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
    expect(answer.text ?? '').toBe('');

    const plain = await request(app).head(scriptPath).unset('Accept-Encoding').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(script)));
  });

  it('compresses CSS and the build id too, the build id never cached', async () => {
    const style = await request(app)
      .get('/assets/style-Zz98Yy76.css')
      .set('Accept-Encoding', 'br')
      .expect(200);
    expect(style.headers['content-encoding']).toBe('br');
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.text).toBe(css);

    const build = await request(app).get('/builds/latest.json').set('Accept-Encoding', 'gzip').expect(200);
    expect(build.headers['content-encoding']).toBe('gzip');
    expect(build.headers['cache-control']).toBe('no-cache');
    expect(build.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(build.body).toEqual(JSON.parse(latest));
  });

  it('serves a text file without variants as it is', async () => {
    const answer = await request(app).get('/favicon.svg').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers['vary']).toMatch(/Accept-Encoding/);
    expect(answer.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers the page with its configuration compressed, one ETag per encoding, HEAD and 304 too', async () => {
    const br = await request(app).get('/competitions').set('Accept-Encoding', 'br, gzip').expect(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(br.headers['vary']).toMatch(/Accept-Encoding/);
    expect(br.text).toContain('type="application/json"');
    expect(br.text).toContain('<title>Портал</title>');
    const wire = await raw(server, '/competitions', { 'Accept-Encoding': 'br' });
    expect(br.headers['content-length']).toBe(String(wire.length));
    expect(brotliDecompressSync(wire).toString()).toBe(br.text);

    const gzip = await request(app).get('/').set('Accept-Encoding', 'gzip').expect(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.text).toBe(br.text);
    const plain = await request(app).get('/index.html').unset('Accept-Encoding').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(br.text)));
    expect(plain.text).toBe(br.text);
    expect(new Set([br, gzip, plain].map((answer) => answer.headers['etag'])).size).toBe(3);

    const head = await request(app).head('/').set('Accept-Encoding', 'br').expect(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(br.headers['content-length']);
    await request(app)
      .get('/')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', String(br.headers['etag']))
      .expect(304);
  });

  it('re-compresses the page when the build changes it', async () => {
    const before = await request(app).get('/').set('Accept-Encoding', 'br').expect(200);
    const index = join(dir, 'index.html');
    writeFileSync(index, page.replace('Портал', 'Новая сборка'));
    const later = Date.now() / 1000 + 5;
    utimesSync(index, later, later);
    const after = await request(app).get('/').set('Accept-Encoding', 'br').expect(200);
    expect(after.text).toContain('Новая сборка');
    expect(after.headers['etag']).not.toBe(before.headers['etag']);
  });

  it('looks for no file under the paths of the api itself, so an api request costs no file lookup', async () => {
    mkdirSync(join(dir, 'api'), { recursive: true });
    writeFileSync(join(dir, 'api', 'proxy.json'), '{"from":"the build"}');
    const answer = await request(app).get('/api/proxy.json').set('Accept-Encoding', 'br');
    expect(answer.status).toBe(404);
    expect(answer.text).not.toContain('the build');
    rmSync(join(dir, 'api'), { recursive: true, force: true });
  });

  it('answers a page path with the page without looking for a file of that name', async () => {
    writeFileSync(join(dir, 'competitions'), 'a file without an extension');
    const answer = await request(app).get('/competitions').unset('Accept-Encoding').expect(200);
    expect(answer.text).toContain('<div id="root">');
    expect(answer.text).not.toContain('without an extension');
    rmSync(join(dir, 'competitions'), { force: true });
  });

  it('never serves a file outside the build, whatever the encoding', async () => {
    writeFileSync(join(dir, '..', 'outside-portal.js'), script);
    writeFileSync(join(dir, '..', 'outside-portal.js.br'), variants.br);
    for (const path of ['/assets/..%2f..%2foutside-portal.js', '/..%2foutside-portal.js', '/assets/%00.js']) {
      const answer = await request(app).get(path).set('Accept-Encoding', 'br');
      // Outside assets/ a path that names no file is the page (the client router's 404), never the file.
      expect({ path, script: answer.text.includes('Событие 1') }).toEqual({ path, script: false });
    }
    rmSync(join(dir, '..', 'outside-portal.js'), { force: true });
    rmSync(join(dir, '..', 'outside-portal.js.br'), { force: true });
  });
});
