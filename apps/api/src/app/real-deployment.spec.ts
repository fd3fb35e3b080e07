import type { INestApplication } from '@nestjs/common';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/app-config';
import { realDeploymentEnv, sandboxTestConfig } from '../config/testing/test-config';
import { createApp } from './create-app';
import { sandboxModuleFor } from './sandbox-modules';
import { startApi } from './start-api';
import { declaredRoutes, type DeclaredRoute } from './testing/declared-routes';
import { freePort } from '@fed/sandbox-fixtures/free-port';

async function probe(base: string, route: DeclaredRoute): Promise<{ status: number; message: string }> {
  const answer = await fetch(`${base}${route.path}`, {
    method: route.method,
    // HTML, so that a page served in place of a missing route would show; JSON bodies where one is sent.
    headers: { Accept: 'text/html,application/json', 'Content-Type': 'application/json' },
    body: route.method === 'GET' ? undefined : '{}',
  });
  const text = await answer.text();
  let message = text;
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? text);
  } catch {
    // Not JSON: the text itself.
  }
  return { status: answer.status, message };
}

/** Nest's answer when no route matches: the sign that nothing is mounted at that path. */
const noRoute = (route: DeclaredRoute) => `Cannot ${route.method} ${route.path}`;

const dir = mkdtempSync(join(tmpdir(), 'api-real-deployment-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Every route the sandbox module mounts with every twin in use: what must not exist in a real deployment. */
const sandboxRoutes = (() => {
  const module = sandboxModuleFor(sandboxTestConfig(join(dir, 'walk')));
  if (!module) throw new Error('a sandbox configuration mounts the sandbox module');
  return declaredRoutes(module);
})();

describe('the routes of the sandbox twins', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    app = await createApp(sandboxTestConfig(join(dir, 'sandbox'), { port, portalDistDir: dir }));
    await app.listen(port, '127.0.0.1');
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => app.close());

  it('are read from every twin controller', () => {
    const prefixes = new Set(sandboxRoutes.map((route) => route.pattern.split('/').slice(0, 3).join('/')));
    expect([...prefixes].sort()).toEqual([
      '/sandbox/dadata',
      '/sandbox/elma',
      '/sandbox/mail',
      '/sandbox/sms',
      '/sandbox/yookassa',
    ]);
    expect(sandboxRoutes.map((route) => `${route.method} ${route.pattern}`)).toEqual(
      expect.arrayContaining([
        'POST /sandbox/elma/competition-documents/:id/review',
        'GET /sandbox/sms/latest',
        'GET /sandbox/mail/latest',
        'POST /sandbox/dadata/suggestions/api/4_1/rs/suggest/address',
        'POST /sandbox/yookassa/v3/payments',
        'GET /sandbox/yookassa/checkout/:id',
      ]),
    );
  });

  it('each answer from a route in a sandbox deployment, so the probes reach what is mounted', async () => {
    for (const route of sandboxRoutes) {
      const answer = await probe(base, route);
      expect(answer.message, `${route.method} ${route.pattern}`).not.toBe(noRoute(route));
    }
  });
});

describe('a real deployment started as main starts it', () => {
  it('has no /sandbox route at all: every twin route is a 404 of no route', async () => {
    writeFileSync(join(dir, 'index.html'), '<!doctype html><html><head></head><body>portal</body></html>');
    const port = await freePort();
    const { app } = await startApi({
      ...realDeploymentEnv(),
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'error',
      PORTAL_DIST_DIR: dir,
      AUTH_DATA_DIR: join(dir, 'real-auth'),
    });
    try {
      for (const route of sandboxRoutes) {
        const answer = await probe(`http://127.0.0.1:${port}`, route);
        expect({ route: `${route.method} ${route.path}`, ...answer }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 404,
          message: noRoute(route),
        });
      }
    } finally {
      await app.close();
    }
  });

  it('refuses to start with the SMS outbox, relaxed limits and no JWT key, naming each in one message', async () => {
    const env: Record<string, string> = {
      ...realDeploymentEnv(),
      HOST: '127.0.0.1',
      PORT: String(await freePort()),
      AUTH_RELAXED_CODE_LIMITS: 'true',
      AUTH_DATA_DIR: join(dir, 'refused-auth'),
      SANDBOX_DATA_DIR: join(dir, 'refused-sandbox'),
      PORTAL_DIST_DIR: dir,
    };
    delete env['SMS_GATEWAY'];
    delete env['SMS_RU_URL'];
    delete env['SMS_RU_API_ID'];
    delete env['JWT_SECRET'];
    const refused = await startApi(env).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ConfigError);
    const message = (refused as ConfigError).message;
    for (const variable of ['SMS_GATEWAY', 'AUTH_RELAXED_CODE_LIMITS', 'JWT_SECRET']) {
      expect(message).toContain(`${variable}`);
    }
    expect((refused as ConfigError).problems).toHaveLength(3);
    // Refused before anything was written.
    expect(readdirSync(dir).filter((name) => name.startsWith('refused'))).toEqual([]);
  });
});
