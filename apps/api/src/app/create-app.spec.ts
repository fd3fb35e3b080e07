import type { INestApplication } from '@nestjs/common';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { createApp } from './create-app';
import { testConfig } from '../config/testing/test-config';

describe('api application', () => {
  let app: INestApplication;
  let portalDir: string;

  beforeAll(async () => {
    portalDir = mkdtempSync(join(tmpdir(), 'portal-dist-'));
    mkdirSync(join(portalDir, 'assets'));
    mkdirSync(join(portalDir, 'builds'));
    writeFileSync(
      join(portalDir, 'index.html'),
      '<!doctype html><html><head><title>portal</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(join(portalDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(portalDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(
      join(portalDir, 'builds', 'latest.json'),
      JSON.stringify({ buildId: 'b-1', builtAt: '2026-11-22T03:00:00.000Z' }),
    );
    app = await createApp(testConfig({ portalDistDir: portalDir }));
  });

  afterAll(async () => {
    await app.close();
    rmSync(portalDir, { recursive: true, force: true });
  });

  it('answers GET /api/health with 200 JSON', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(healthResponseSchema.parse(response.body).status).toBe('ok');
  });

  it('serves index.html for client routes, never cached', async () => {
    for (const path of ['/', '/competitions/42', '/profile']) {
      const response = await request(app.getHttpServer()).get(path).set('Accept', 'text/html').expect(200);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives the page its public configuration as inert JSON', async () => {
    for (const path of ['/', '/index.html', '/competitions']) {
      const response = await request(app.getHttpServer()).get(path).set('Accept', 'text/html').expect(200);
      const match = /<script id="public-config" type="application\/json">(.*?)<\/script><\/head>/.exec(
        response.text,
      );
      expect(match).not.toBeNull();
      expect(JSON.parse(match?.[1] ?? '{}')).toEqual(sandboxPublicConfig);
    }
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await request(app.getHttpServer()).get('/assets/index-abc123.js').expect(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await request(app.getHttpServer()).get('/favicon.svg').expect(200);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('answers a missing asset with 404, not with index.html, so stale chunks are detectable', async () => {
    const response = await request(app.getHttpServer()).get('/assets/old-chunk-000.js').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('serves the build id uncached', async () => {
    const response = await request(app.getHttpServer()).get('/builds/latest.json').expect(200);
    expect(response.body).toEqual({ buildId: 'b-1', builtAt: '2026-11-22T03:00:00.000Z' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an unknown api path with a JSON 404', async () => {
    const response = await request(app.getHttpServer()).get('/api/no-such-endpoint').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, code: 'not_found' });
  });

  it('does not announce the framework', async () => {
    const response = await request(app.getHttpServer()).get('/api/health');
    expect(response.headers['x-powered-by']).toBeUndefined();
  });
});

describe('api application without a portal build', () => {
  it('explains how to build the portal instead of failing obscurely', async () => {
    const emptyDir = mkdtempSync(join(tmpdir(), 'portal-missing-'));
    const app = await createApp(testConfig({ portalDistDir: emptyDir }));
    const response = await request(app.getHttpServer()).get('/').set('Accept', 'text/html').expect(503);
    expect(response.body).toMatchObject({ code: 'portal_not_built' });
    await app.close();
    rmSync(emptyDir, { recursive: true, force: true });
  });
});
