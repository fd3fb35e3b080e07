import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAXED_CODE_SEND_LIMITS } from '../config/auth-config';
import { productSendLimits } from './auth-constants';
import { createAuthTestApp, registerPerson, type AuthTestApp } from './testing/auth-test-app';

describe('relaxed code limits (sandbox end-to-end runs)', () => {
  let t: AuthTestApp;
  beforeAll(async () => {
    t = await createAuthTestApp('sqlite', { codeSendLimits: RELAXED_CODE_SEND_LIMITS });
  });
  afterAll(async () => t.close());

  it('sends a new code to the same phone at once, many times, and says so', async () => {
    const phone = '+79005550101';
    await registerPerson(t, phone);
    for (let attempt = 0; attempt < 8; attempt += 1) {
      const sent = await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      expect(sent.body.data.resendAfterSeconds).toBe(0);
    }
    const code = t.sms.lastCodeFor(phone);
    await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
  });

  it('lets one address confirm more codes than the product allows in ten minutes (a whole journey run)', async () => {
    const phone = '+79005550102';
    await registerPerson(t, phone);
    for (let attempt = 0; attempt <= productSendLimits.confirmsPerIpPer10Min; attempt += 1) {
      await t.http.post('/api/auth/LoginUser').send({ phone }).expect(200);
      const code = t.sms.lastCodeFor(phone);
      await t.http.post('/api/auth/LoginUserConfirm').send({ phone, code }).expect(200);
    }
  });
});
