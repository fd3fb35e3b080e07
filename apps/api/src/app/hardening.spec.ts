import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { contentSecurityDirectives } from '../common/security-headers';
import { createApp } from './create-app';
import { testConfig } from '../config/testing/test-config';

describe('api hardening', () => {
  let app: INestApplication;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'api-hardening-'));
    app = await createApp(testConfig({ portalDistDir: dir }));
  });

  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends a strict CSP and the other security headers on every answer', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('mc.yandex');
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('allows the analytics host only when a counter id is configured', () => {
    const withCounter = contentSecurityDirectives({ analyticsId: '98765432' });
    expect(withCounter.scriptSrc).toContain('https://mc.yandex.ru');
    expect(withCounter.connectSrc).toContain('wss://mc.yandex.ru');
    const without = contentSecurityDirectives({ analyticsId: sandboxPublicConfig.analyticsId });
    expect(without.scriptSrc).toEqual(["'self'"]);
  });

  it('gives every request an id, keeps a well-formed one from a proxy, and puts it in error bodies', async () => {
    const generated = await request(app.getHttpServer()).get('/api/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const kept = await request(app.getHttpServer())
      .get('/api/no-such')
      .set('X-Request-Id', 'lb-1234')
      .expect(404);
    expect(kept.headers['x-request-id']).toBe('lb-1234');
    expect(kept.body.requestId).toBe('lb-1234');
    const refused = await request(app.getHttpServer())
      .get('/api/health')
      .set('X-Request-Id', 'bad id with spaces');
    // Replaced by a fresh uuid (which may itself hold the letters b-a-d, so the check is on the shape).
    expect(refused.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an oversized JSON body with 413 JSON, not a crash', async () => {
    const response = await request(app.getHttpServer())
      .post('/log')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ timestamp: 'x', msg: 'а'.repeat(120_000) }))
      .expect(413);
    expect(response.body).toMatchObject({
      statusCode: 413,
      code: 'payload_too_large',
      message: 'Слишком большой запрос',
    });
  });

  it('answers malformed JSON with a Russian 400', async () => {
    const response = await request(app.getHttpServer())
      .post('/log')
      .set('Content-Type', 'application/json')
      .send('{bad json')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: 'Тело запроса — не JSON' });
  });

  it('is not ready without a platform to talk to, and says which check failed', async () => {
    const response = await request(app.getHttpServer()).get('/api/ready').expect(503);
    expect(response.body).toMatchObject({
      status: 'not_ready',
      checks: { store: { ok: true }, platform: { ok: false } },
    });
  });
});
