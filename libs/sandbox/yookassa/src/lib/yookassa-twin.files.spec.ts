import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentBody, startTwin, type TwinTestApp } from './testing/twin-test-app';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** Under the host's usual umask (022), the twin's database and its side files are the owner's alone. */
describe('the YooKassa twin on disk', () => {
  let t: TwinTestApp;
  let umask: number;

  beforeAll(async () => {
    umask = process.umask(0o022);
    t = await startTwin();
  });
  afterAll(async () => {
    await t.close();
    process.umask(umask);
  });

  it('keeps yookassa.sqlite and its -wal and -shm 0600', async () => {
    await t.api.post('/payments', paymentBody()).expect(200);
    const files = readdirSync(t.dataDir).filter((name) => name.startsWith('yookassa.sqlite'));
    expect(files).toEqual(
      expect.arrayContaining(['yookassa.sqlite', 'yookassa.sqlite-wal', 'yookassa.sqlite-shm']),
    );
    for (const name of files)
      expect({ name, mode: modeOf(join(t.dataDir, name)) }).toEqual({ name, mode: 0o600 });
  });
});
