import type { INestApplication } from '@nestjs/common';
import { authPaths } from '@fed/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app/create-app';
import { testConfig } from '../config/testing/test-config';

describe('api docs and auth wiring of the whole app', () => {
  let app: INestApplication;
  let portalDir: string;

  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-empty-'));
    app = await createApp(testConfig({ portalDistDir: portalDir }));
  });
  afterAll(async () => {
    await app.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  it('serves the OpenAPI page at /api/docs', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs').redirects(1).expect(200);
    expect(response.text).toContain('swagger');
  });

  it('documents every auth endpoint with its zod-derived body', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    const paths = response.body.paths as Record<
      string,
      Record<string, { requestBody?: unknown; responses: object }>
    >;
    for (const path of Object.values(authPaths)) expect(paths[path], path).toBeDefined();
    const loginUser = paths[authPaths.loginUser]?.['post'];
    expect(JSON.stringify(loginUser?.requestBody)).toContain('"phone"');
    expect(Object.keys(loginUser?.responses ?? {})).toEqual(expect.arrayContaining(['200', '400', '429']));
    const register = JSON.stringify(paths[authPaths.registerUser]?.['post']?.requestBody);
    expect(register).toContain('acceptSportsmanAgreement');
    expect(register).toContain('"additionalProperties":false');
    expect(paths[authPaths.linkedAccounts]?.['get']).toMatchObject({ security: [{ bearer: [] }] });
  });

  it('documents the file upload as multipart with its refusals', async () => {
    const response = await request(app.getHttpServer()).get('/api/docs-json').expect(200);
    const upload = response.body.paths['/api/files']?.post;
    expect(Object.keys(upload?.requestBody?.content ?? {})).toEqual(['multipart/form-data']);
    expect(Object.keys(upload?.responses ?? {})).toEqual(
      expect.arrayContaining(['201', '400', '401', '413']),
    );
    expect(response.body.paths['/api/files/{id}']?.get).toBeDefined();
  });

  it('mounts the auth endpoints: a bad body is a 400 with Russian field errors', async () => {
    const response = await request(app.getHttpServer())
      .post('/api/auth/LoginUser')
      .send({ phone: '1' })
      .expect(400);
    expect(response.body).toMatchObject({
      code: 'validation_failed',
      fieldErrors: { phone: ['Неверный формат телефона'] },
    });
    await request(app.getHttpServer()).get('/api/auth/LinkedAccounts').expect(401);
  });
});
