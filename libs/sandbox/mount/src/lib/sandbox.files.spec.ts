import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmsOutboxService } from '@fed/sandbox-sms';
import { SandboxModule } from '../index';

const modeOf = (path: string) => statSync(path).mode & 0o777;

/** The twins' files under the host's usual umask (022): their modes must not depend on it. */
describe('the sandbox twins on disk', () => {
  let app: INestApplication;
  let root: string;
  let dataDir: string;
  const token = 'sandbox-files-token-0123456789';

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'sandbox-files-'));
    chmodSync(root, 0o755);
    dataDir = join(root, 'sandbox');
    // An outbox an earlier version left readable to others.
    mkdirSync(dataDir, { mode: 0o755 });
    writeFileSync(join(dataDir, 'sms-outbox.sqlite'), '', { mode: 0o644 });
    const moduleRef = await Test.createTestingModule({
      imports: [
        SandboxModule.forRoot({
          dataDir,
          platform: { token, seed: 'none' },
          dadata: {},
          sms: {},
        }),
      ],
    }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.init();
  });

  afterAll(async () => {
    await app.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('keeps the databases, the outbox and uploads owner-only, in owner-only directories', async () => {
    app.get(SmsOutboxService).add({ phone: '+79990000001', text: 'Код 123456', channel: 'outbox' });
    const upload = await request(app.getHttpServer())
      .post('/sandbox/elma/pub/v1/disk/directory/root/upload')
      .set('Authorization', `Bearer ${token}`)
      .attach('file', Buffer.from('%PDF-1.4 private'), 'passport.pdf')
      .expect(200);
    const fileId = String(upload.body.file.__id);

    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(join(dataDir, 'platform-files'))).toBe(0o700);
    expect(modeOf(join(dataDir, 'platform-files', fileId))).toBe(0o600);
    const databases = readdirSync(dataDir).filter((name) => /^(platform|sms-outbox)\.sqlite/.test(name));
    expect(databases).toEqual(
      expect.arrayContaining([
        'platform.sqlite',
        'platform.sqlite-wal',
        'platform.sqlite-shm',
        'sms-outbox.sqlite',
        'sms-outbox.sqlite-wal',
        'sms-outbox.sqlite-shm',
      ]),
    );
    for (const name of databases)
      expect({ name, mode: modeOf(join(dataDir, name)) }).toEqual({ name, mode: 0o600 });
  });
});
