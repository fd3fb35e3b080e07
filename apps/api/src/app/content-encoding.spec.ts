import type { INestApplication } from '@nestjs/common';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '../config/testing/test-config';
import { AppModule } from './app.module';
import { createApp } from './create-app';
import { declaredRoutes } from './testing/declared-routes';

const config = testConfig();
/** Every POST route the api mounts (the auth server, the proxy, files, suggestions, the client log…). */
const postRoutes = declaredRoutes(AppModule.forRoot(config)).filter((route) => route.method === 'POST');
/** Sends the bytes as they are (superagent would write a Buffer under a JSON type as JSON). */
const raw = (bytes: unknown) => bytes as string;
const body = JSON.stringify({ phone: '+79990000001', timestamp: '2026-11-22T03:00:00Z', msg: 'x' });

describe('Content-Encoding of a request body', () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    app = await createApp(config);
  });
  afterAll(async () => app.close());

  it('finds the POST endpoints to try', () => {
    expect(postRoutes.map((route) => route.pattern)).toEqual(
      expect.arrayContaining([
        '/api/auth/LoginUser',
        '/api/proxy',
        '/log',
        '/api/files',
        '/api/dadata/address',
      ]),
    );
  });

  it.each(['gzip', 'deflate', 'br'])(
    'is a Russian 400 on every POST endpoint when the body is not %s-compressed as announced',
    async (encoding) => {
      for (const route of postRoutes) {
        const answer = await http()
          .post(route.path)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send(body);
        expect({ route: route.pattern, status: answer.status, body: answer.body }).toEqual({
          route: route.pattern,
          status: 400,
          body: expect.objectContaining({
            statusCode: 400,
            code: 'bad_encoding',
            message: 'Тело запроса не сжато так, как указано в Content-Encoding',
          }),
        });
      }
    },
  );

  it('is a Russian 415 for a compression the api does not read, on every POST endpoint', async () => {
    for (const encoding of ['compress', 'gzip, br', 'x-unknown']) {
      for (const route of postRoutes) {
        const answer = await http()
          .post(route.path)
          .set('Content-Type', 'application/json')
          .set('Content-Encoding', encoding)
          .send(body);
        expect({ route: route.pattern, encoding, status: answer.status, code: answer.body.code }).toEqual({
          route: route.pattern,
          encoding,
          status: 415,
          code: 'unsupported_encoding',
        });
        expect(answer.body.message).toMatch(/сжатие/);
      }
    }
  });

  it('is a 415 on an upload, which is never decompressed', async () => {
    const answer = await http()
      .post('/api/files?purpose=poster')
      .set('Content-Encoding', 'gzip')
      .attach('file', Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'poster.jpg')
      .expect(415);
    expect(answer.body).toMatchObject({ code: 'unsupported_encoding' });
  });

  it('still reads a body that is compressed as announced', async () => {
    const log = JSON.stringify({ timestamp: '22.11.2026, 06:30:00+03:00', msg: 'Ошибка загрузки' });
    for (const [encoding, compressed] of [
      ['gzip', gzipSync(log)],
      ['deflate', deflateSync(log)],
      ['br', brotliCompressSync(log)],
    ] as const) {
      await http()
        .post('/log')
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .serialize(raw)
        .send(compressed)
        .expect(204);
    }
    const refused = await http()
      .post('/api/auth/LoginUser')
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize(raw)
      .send(gzipSync(JSON.stringify({ phone: 'not a phone' })))
      .expect(400);
    expect(refused.body.code).toBe('validation_failed');
  });
});
