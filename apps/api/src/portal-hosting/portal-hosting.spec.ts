import express from 'express';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { portalHosting } from './portal-hosting';

describe('portalHosting', () => {
  it('cannot be made to close its config element by a configured value', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-'));
    writeFileSync(join(dir, 'index.html'), '<html><head></head><body></body></html>');
    const hostile = { ...sandboxPublicConfig, analyticsId: '</script><script>alert(1)</script>' };
    const app = express().use(portalHosting(dir, hostile));

    const response = await request(app).get('/').expect(200);

    expect(response.text).not.toContain('<script>alert(1)');
    const json = /type="application\/json">(.*?)<\/script>/.exec(response.text)?.[1] ?? '';
    expect(JSON.parse(json).analyticsId).toBe(hostile.analyticsId);
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a rebuilt index.html without a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-'));
    const index = join(dir, 'index.html');
    writeFileSync(index, '<html><head></head><body>first</body></html>');
    const app = express().use(portalHosting(dir, sandboxPublicConfig));
    expect((await request(app).get('/')).text).toContain('first');

    writeFileSync(index, '<html><head></head><body>second build</body></html>');
    const later = Date.now() / 1000 + 5;
    utimesSync(index, later, later);
    expect((await request(app).get('/')).text).toContain('second build');
    rmSync(dir, { recursive: true, force: true });
  });
});
