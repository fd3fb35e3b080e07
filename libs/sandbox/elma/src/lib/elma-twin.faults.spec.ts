import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ScriptsService } from './services/scripts.service';
import { startTwin, TEST_TOKEN, type TwinHarness } from './testing/twin-harness';

const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
const faults = '/sandbox/elma/faults';
const ageClasses = `/sandbox/elma/api/extensions/${sandboxPublicConfig.extensions.functions}/script/getAgeClasses`;

describe('ELMA twin: the fault switch', () => {
  let twin: TwinHarness;
  const http = () => request(twin.app.getHttpServer());
  /** How many times the scripts really ran: a failed call must not reach them. */
  let runs: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    twin = await startTwin();
    runs = vi.spyOn(twin.app.get(ScriptsService), 'run');
  });
  afterEach(async () => {
    await http().delete(faults).set(auth).expect(200);
    runs.mockClear();
  });
  afterAll(async () => {
    await twin.dispose();
  });

  it('answers only the twin’s token, and refuses a bad switch', async () => {
    await http().get(faults).expect(403);
    await http().post(faults).send({ script: 'getAgeClasses', kind: 'error' }).expect(403);
    await http().post(faults).set('Authorization', 'Bearer another-token-0123456789').expect(403);
    await http().delete(faults).expect(403);
    const bad = await http()
      .post(faults)
      .set(auth)
      .send({ script: 'getAgeClasses', kind: 'flaky' })
      .expect(400);
    expect(bad.body).toMatchObject({ success: false, error: expect.stringContaining('kind') });
    await http().post(faults).set(auth).send({ script: '../x', kind: 'error' }).expect(400);
    await http()
      .post(faults)
      .set(auth)
      .send({ script: 'getAgeClasses', kind: 'error', extra: 1 })
      .expect(400);
    expect((await http().get(faults).set(auth).expect(200)).body).toEqual({ faults: [] });
  });

  it('error: the next calls answer 500 without running the script, then it runs again', async () => {
    const set = await http()
      .post(faults)
      .set(auth)
      .send({ script: 'getAgeClasses', kind: 'error', calls: 2 });
    expect(set.status).toBe(200);
    expect(set.body.faults).toEqual([{ script: 'getAgeClasses', kind: 'error', calls: 2, delayMs: 15_000 }]);
    for (let call = 0; call < 2; call += 1) {
      const failed = await http().get(ageClasses).set(auth).expect(500);
      expect(failed.body).toEqual({ success: false, error: 'internal error' });
    }
    expect(runs).not.toHaveBeenCalled();
    expect((await http().get(faults).set(auth)).body).toEqual({ faults: [] });
    const ok = await http().get(ageClasses).set(auth).expect(200);
    expect(ok.body.success).toBe(true);
    expect(runs).toHaveBeenCalledTimes(1);
  });

  it('only the named script fails; the token is still checked first', async () => {
    await http().post(faults).set(auth).send({ script: 'createApplication', kind: 'error' }).expect(200);
    await http().get(ageClasses).set(auth).expect(200);
    // Without the token the platform refuses before anything else, fault or not.
    await http().post(faults).set(auth).send({ script: 'getAgeClasses', kind: 'error' }).expect(200);
    await http().get(ageClasses).expect(403);
    await http().get(ageClasses).set(auth).expect(500);
  });

  it('down: the connection is closed with no answer', async () => {
    await http().post(faults).set(auth).send({ script: 'getAgeClasses', kind: 'down' }).expect(200);
    const failure = await http()
      .get(ageClasses)
      .set(auth)
      .then(
        () => null,
        (error: NodeJS.ErrnoException) => error,
      );
    expect(failure?.code).toBe('ECONNRESET');
    expect(runs).not.toHaveBeenCalled();
    await http().get(ageClasses).set(auth).expect(200);
  });

  it('slow: a caller that waits is answered late; one that gives up gets nothing, and nothing ran', async () => {
    await http()
      .post(faults)
      .set(auth)
      .send({ script: 'getAgeClasses', kind: 'slow', delayMs: 300 })
      .expect(200);
    const started = Date.now();
    await http().get(ageClasses).set(auth).expect(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(runs).toHaveBeenCalledTimes(1);
    runs.mockClear();

    await http()
      .post(faults)
      .set(auth)
      .send({ script: 'getAgeClasses', kind: 'slow', delayMs: 300 })
      .expect(200);
    const gaveUp = await http()
      .get(ageClasses)
      .set(auth)
      .timeout(100)
      .then(
        () => null,
        (error: Error & { timeout?: number }) => error,
      );
    expect(gaveUp?.timeout).toBe(100);
    await sleep(400);
    expect(runs).not.toHaveBeenCalled();
  });
});
