import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { uploadedFileSchema } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { ElmaTwinModule } from '@fed/sandbox-elma';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGatewayApp } from '../proxy/testing/gateway-testing';
import { FilesModule } from './files.module';
import type { FilesModuleOptions } from './files.service';

const TOKEN = 'files-test-token-0123456789';
const LIMIT = 64 * 1024;

const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF fake jpeg body')]);
const png = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('IHDR fake png body'),
]);
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([8, 0, 0, 0]), Buffer.from('WEBPVP8 body')]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n');
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64, 0x90)]);

/** The platform twin alone, listening on a loopback port, as the api reaches the platform over HTTP. */
async function startTwin(dataDir: string): Promise<{ app: INestApplication; url: string }> {
  const moduleRef = await Test.createTestingModule({
    imports: [ElmaTwinModule.forRoot({ token: TOKEN, seed: 'none', dataDir })],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: false });
  await app.listen(0, '127.0.0.1');
  const { port } = app.getHttpServer().address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}/sandbox/elma` };
}

describe('files: uploads to the platform disk and downloads', () => {
  let dataDir: string;
  let twin: { app: INestApplication; url: string };
  let app: INestApplication;

  const filesModule = (options: Partial<FilesModuleOptions> = {}) =>
    FilesModule.forRoot({
      platform: () => ({ baseUrl: twin.url, token: TOKEN, extensions: sandboxPublicConfig.extensions }),
      maxBytes: LIMIT,
      uploadRateLimit: { burst: 1000, perMinute: 1000 },
      ...options,
    });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'files-test-'));
    twin = await startTwin(dataDir);
    app = await startGatewayApp(filesModule());
  });

  afterAll(async () => {
    await app.close();
    await twin.app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const upload = (
    purpose: string,
    body: Buffer,
    filename: string,
    contentType = 'application/octet-stream',
  ) =>
    request(app.getHttpServer())
      .post(`/api/files?purpose=${purpose}`)
      .set('Authorization', 'Bearer orgX')
      .attach('file', body, { filename, contentType });

  const download = (id: string) =>
    request(app.getHttpServer())
      .get(`/api/files/${id}`)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  it.each([
    ['a JPEG poster', 'poster', jpeg, 'фото.jpg', 'image/jpeg'],
    ['a PNG poster', 'poster', png, 'афиша турнира.png', 'image/png'],
    ['a WebP poster', 'poster', webp, 'poster.webp', 'image/webp'],
    ['a PDF document', 'document', pdf, 'Положение о соревнованиях.pdf', 'application/pdf'],
    ['a PNG document (a scan)', 'document', png, 'скан.png', 'image/png'],
    ['a JPEG photo of an athlete', 'photo', jpeg, 'я.jpg', 'image/jpeg'],
    ['a WebP photo', 'photo', webp, 'photo.webp', 'image/webp'],
    ['a PNG logo of a club', 'logo', png, 'логотип.png', 'image/png'],
  ])('stores %s and serves it back byte for byte', async (_what, purpose, body, name, type) => {
    const answer = await upload(purpose, body, name, type).expect(201);
    const stored = uploadedFileSchema.parse(answer.body);
    expect(stored).toEqual({ fileId: expect.any(String), name, type, size: body.length });

    const served = await download(stored.fileId).expect(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      `inline; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    );
    expect(Buffer.compare(served.body as Buffer, body)).toBe(0);
  });

  it('decides the type by the bytes, not by what the client declares', async () => {
    const answer = await upload('poster', png, 'photo.jpg', 'image/jpeg').expect(201);
    expect(answer.body).toMatchObject({ type: 'image/png', name: 'photo.png' });
    const renamed = await upload('poster', png, 'scan.exe', 'application/x-msdownload').expect(201);
    expect(renamed.body.name).toBe('scan.png');
  });

  it.each([
    ['a program renamed .png', 'poster', exe, 'photo.png', 'image/png'],
    ['a PDF sent as a poster', 'poster', pdf, 'poster.pdf', 'application/pdf'],
    ['a WebP sent as a document', 'document', webp, 'scan.webp', 'image/webp'],
    ['a PDF sent as a photo', 'photo', pdf, 'photo.pdf', 'application/pdf'],
    ['a program renamed .jpg as a logo', 'logo', exe, 'logo.jpg', 'image/jpeg'],
    ['HTML declared as PNG', 'poster', Buffer.from('<html><script>alert(1)</script>'), 'x.png', 'image/png'],
  ])('refuses %s with the spec’s fileFormat message', async (_what, purpose, body, name, type) => {
    const answer = await upload(purpose, body, name, type).expect(400);
    expect(answer.body).toMatchObject({
      statusCode: 400,
      code: 'file_format',
      message: 'Неверный формат файла',
    });
  });

  it('refuses a file over the limit with 413 in Russian, and takes one at the limit', async () => {
    const tooBig = Buffer.concat([pdf, Buffer.alloc(LIMIT + 1 - pdf.length, 0x20)]);
    const answer = await upload('document', tooBig, 'big.pdf').expect(413);
    expect(answer.body).toMatchObject({
      statusCode: 413,
      code: 'file_too_large',
      message: 'Файл больше 64 КБ — выберите файл поменьше',
    });
    const atLimit = Buffer.concat([pdf, Buffer.alloc(LIMIT - pdf.length, 0x20)]);
    expect((await upload('document', atLimit, 'ok.pdf').expect(201)).body.size).toBe(LIMIT);
  });

  it('holds photos and logos to their own, smaller limits (5 MB, 2 MB) under the global one', async () => {
    const roomy = await startGatewayApp(filesModule({ maxBytes: 6 * 1024 * 1024 }));
    try {
      const send = (purpose: string, bytes: number) =>
        request(roomy.getHttpServer())
          .post(`/api/files?purpose=${purpose}`)
          .set('Authorization', 'Bearer athleteA')
          .attach('file', Buffer.concat([png, Buffer.alloc(bytes - png.length, 0)]), 'big.png');
      expect((await send('logo', 2 * 1024 * 1024 + 1).expect(413)).body).toMatchObject({
        code: 'file_too_large',
        message: 'Файл больше 2 МБ — выберите файл поменьше',
      });
      expect((await send('photo', 5 * 1024 * 1024 + 1).expect(413)).body.message).toBe(
        'Файл больше 5 МБ — выберите файл поменьше',
      );
      expect((await send('logo', 2 * 1024 * 1024).expect(201)).body.type).toBe('image/png');
      expect((await send('poster', 5 * 1024 * 1024 + 1).expect(201)).body.size).toBe(5 * 1024 * 1024 + 1);
    } finally {
      await roomy.close();
    }
  });

  it('refuses a guest with 401', async () => {
    const answer = await request(app.getHttpServer())
      .post('/api/files?purpose=poster')
      .attach('file', jpeg, { filename: 'a.jpg', contentType: 'image/jpeg' })
      .expect(401);
    expect(answer.body).toMatchObject({ statusCode: 401, code: 'unauthorized' });
  });

  it('refuses a request without the file, with another field, or with two files', async () => {
    const signedIn = () =>
      request(app.getHttpServer()).post('/api/files?purpose=poster').set('Authorization', 'Bearer athleteA');
    for (const call of [
      signedIn().field('title', 'нет файла'),
      signedIn().attach('photo', jpeg, 'a.jpg'),
      signedIn().attach('file', jpeg, 'a.jpg').attach('file', png, 'b.png'),
      signedIn().send({ file: 'x' }),
      signedIn().attach('file', Buffer.alloc(0), 'empty.jpg'),
    ]) {
      const answer = await call.expect(400);
      expect(answer.body).toMatchObject({ statusCode: 400, code: 'file_missing' });
      expect(answer.body.message).toMatch(/файл/i);
    }
  });

  it('refuses a missing or unknown purpose', async () => {
    for (const target of [
      '/api/files',
      '/api/files?purpose=avatar',
      '/api/files?purpose=poster&purpose=document',
    ]) {
      const answer = await request(app.getHttpServer())
        .post(target)
        .set('Authorization', 'Bearer orgX')
        .attach('file', jpeg, 'a.jpg')
        .expect(400);
      expect(answer.body.code).toBe('upload_purpose');
    }
  });

  it('answers 404 JSON for an unknown or malformed file id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'no..such', '%2e%2e%2fetc']) {
      const answer = await request(app.getHttpServer()).get(`/api/files/${id}`).expect(404);
      expect(answer.body).toMatchObject({ statusCode: 404, code: 'not_found', message: 'Файл не найден' });
    }
  });

  it('serves a platform file of another type only as an attachment of unknown type', async () => {
    const stored = await request(twin.app.getHttpServer())
      .post('/sandbox/elma/pub/v1/disk/directory/root/upload')
      .set('Authorization', `Bearer ${TOKEN}`)
      .attach('file', Buffer.from('<!doctype html><script>alert(1)</script>'), {
        filename: 'page.html',
        contentType: 'text/html',
      })
      .expect(200);
    const served = await download((stored.body as { file: { __id: string } }).file.__id).expect(200);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="file"/);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
  });

  it('says 502 when the platform cannot be reached, and stores nothing', async () => {
    const offline = await startGatewayApp(
      filesModule({
        platform: {
          baseUrl: 'http://127.0.0.1:9/sandbox/elma',
          token: TOKEN,
          extensions: sandboxPublicConfig.extensions,
        },
      }),
    );
    try {
      const answer = await request(offline.getHttpServer())
        .post('/api/files?purpose=poster')
        .set('Authorization', 'Bearer orgX')
        .attach('file', jpeg, 'a.jpg')
        .expect(502);
      expect(answer.body).toMatchObject({ statusCode: 502, code: 'bad_gateway' });
      await request(offline.getHttpServer())
        .get('/api/files/00000000-0000-4000-8000-000000000000')
        .expect(502);
    } finally {
      await offline.close();
    }
  });

  it('limits uploads per login with 429 and Retry-After', async () => {
    const limited = await startGatewayApp(filesModule({ uploadRateLimit: { burst: 2, perMinute: 1 } }));
    try {
      const send = (caller: string) =>
        request(limited.getHttpServer())
          .post('/api/files?purpose=poster')
          .set('Authorization', `Bearer ${caller}`)
          .attach('file', jpeg, 'a.jpg');
      await send('athleteA').expect(201);
      await send('linkedA').expect(201);
      const third = await send('athleteA').expect(429);
      expect(third.headers['retry-after']).toBeDefined();
      await send('athleteB').expect(201);
    } finally {
      await limited.close();
    }
  });
});
