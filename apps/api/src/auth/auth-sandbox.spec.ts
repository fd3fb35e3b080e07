import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoFamily } from '@fed/sandbox-fixtures';
import { createApp } from '../app/create-app';
import { sandboxTestConfig, TEST_PLATFORM_TOKEN } from '../config/testing/test-config';
import { claimsOf } from './testing/auth-test-app';
import { freePort } from '@fed/sandbox-fixtures/free-port';

/** The whole api as `main` builds it in sandbox mode, listening on a free port. */
async function startSandboxApp(seed: 'none' | 'demo') {
  const dir = mkdtempSync(join(tmpdir(), 'api-auth-sandbox-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = await createApp(sandboxTestConfig(join(dir, 'sandbox'), { port, seed, portalDistDir: dir }));
  await app.listen(port, '127.0.0.1');
  const stop = async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  };
  return { app, base, stop };
}

async function lastCode(base: string, phone: string): Promise<string> {
  const latest = await request(base).get('/sandbox/sms/latest').query({ phone }).expect(200);
  const code = /\b(\d{6})\b/.exec(String(latest.body.text))?.[1];
  if (!code) throw new Error('no code in the outbox');
  return code;
}

/**
 * The auth server talks over HTTP to the platform twin this same process mounts (the production code path),
 * and codes go through the SMS port to the outbox.
 */
describe('auth against the sandbox twins', () => {
  let base: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    ({ base, stop } = await startSandboxApp('none'));
  });

  afterAll(async () => stop());

  it('is ready: the store and the platform twin both answer', async () => {
    const response = await request(base).get('/api/ready').expect(200);
    expect(response.body).toMatchObject({
      status: 'ready',
      checks: { store: { ok: true }, platform: { ok: true } },
    });
  });

  it('registers, adds a linked athlete, lists and switches through the real twin', async () => {
    const phone = '+79051234567';
    await request(base)
      .post('/api/auth/RegisterUser')
      .send({
        phone,
        person: {
          lastName: 'Смирнова',
          firstName: 'Ольга',
          middleName: '',
          birthDate: '2009-09-09',
          city: 'Тверь',
          gender: 'female',
        },
        acceptUserAgreement: true,
        acceptSportsmanAgreement: true,
      })
      .expect(200);
    const registered = await request(base)
      .post('/api/auth/RegisterUserConfirm')
      .send({ phone, code: await lastCode(base, phone) })
      .expect(200);
    const token = registered.body.data.Token as string;
    const firstId = claimsOf(token)['Sportsman'] as string;

    const record = await request(base)
      .get(`/sandbox/elma/pub/v1/app/sport/sportsman/${firstId}/get`)
      .set('Authorization', `Bearer ${TEST_PLATFORM_TOKEN}`)
      .expect(200);
    expect(record.body.item.fio).toMatchObject({ lastname: 'Смирнова', firstname: 'Ольга' });

    const added = await request(base)
      .post('/api/auth/AddAccount')
      .set('Authorization', `Bearer ${token}`)
      .send({
        lastName: 'Смирнов',
        firstName: 'Иван',
        middleName: 'Петрович',
        birthDate: '2012-01-02',
        city: 'Тверь',
        gender: 'male',
      })
      .expect(200);
    const newId = added.body.data.NewElmaUserId as string;
    const both = added.body.data.TokenResponse.Token as string;
    // The token names the active athlete only (a list: the login holds several).
    expect(claimsOf(both)['Sportsman']).toEqual([firstId]);

    const listed = await request(base)
      .get('/api/auth/LinkedAccounts')
      .set('Authorization', `Bearer ${both}`)
      .expect(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: firstId, fio: 'Смирнова Ольга', gender: { code: 'female' } }),
      expect.objectContaining({ id: newId, fio: 'Смирнов Иван Петрович', gender: { code: 'male' } }),
    ]);

    const switched = await request(base)
      .post('/api/auth/SwitchAccount')
      .set('Authorization', `Bearer ${both}`)
      .send({ id: newId })
      .expect(200);
    expect(claimsOf(switched.body.data.Token)['Sportsman']).toEqual([newId]);
  });

  it('registers an organization on the twin', async () => {
    const phone = '+79051234568';
    await request(base)
      .post('/api/auth/RegisterOrganization')
      .send({
        phone,
        organization: {
          name: 'Клуб «Старт»',
          inn: '7707083893',
          city: 'Тверь',
          email: 'start@example.ru',
          contactPerson: 'Орлова Нина',
        },
        acceptUserAgreement: true,
        acceptOrganizationAgreement: true,
      })
      .expect(200);
    const confirmed = await request(base)
      .post('/api/auth/RegisterUserConfirm')
      .send({ phone, code: await lastCode(base, phone) })
      .expect(200);
    expect(claimsOf(confirmed.body.data.Token)).toMatchObject({ ContractorType: 'organization' });
  });
});

describe('demo logins of the seeded federation', () => {
  it('let the demo family sign in at once, holding all three athletes', async () => {
    const { base, stop } = await startSandboxApp('demo');
    try {
      const phone = demoFamily.phone;
      await request(base).post('/api/auth/LoginUser').send({ phone }).expect(200);
      const confirmed = await request(base)
        .post('/api/auth/LoginUserConfirm')
        .send({ phone, code: await lastCode(base, phone) })
        .expect(200);
      expect(claimsOf(confirmed.body.data.Token)['Sportsman']).toEqual([demoFamily.parentId]);
      const listed = await request(base)
        .get('/api/auth/LinkedAccounts')
        .set('Authorization', `Bearer ${confirmed.body.data.Token}`)
        .expect(200);
      expect(listed.body.data.map((account: { fio: string }) => account.fio)).toEqual([
        expect.stringContaining('Соколов Андрей'),
        expect.stringContaining('Матвей'),
        expect.stringContaining('Алиса'),
      ]);
    } finally {
      await stop();
    }
  });
});
