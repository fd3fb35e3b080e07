import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTwinModule, MailTwinService } from './mail-twin.module';

const KEY = 'mail-spec-control-key-0123';
const auth = { Authorization: `Bearer ${KEY}` };

async function start(dataDir: string): Promise<INestApplication> {
  const app = await NestFactory.create(MailTwinModule.forRoot({ dataDir, controlToken: KEY }), {
    logger: false,
  });
  await app.init();
  return app;
}

/** Sent the way the api sends: nodemailer over SMTP to the twin's port. */
function send(app: INestApplication, to: string, subject: string) {
  const transport = createTransport(app.get(MailTwinService).smtpUrl());
  return transport.sendMail({
    from: '"ФКЕ" <noreply@fke.example>',
    to,
    subject,
    text: 'Текст письма',
    html: '<p>Текст <b>письма</b></p>',
    messageId: `<${subject}@fke.example>`,
    headers: {
      'List-Unsubscribe': '<https://portal.example/api/notices/unsubscribe?token=abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

describe('mail twin', () => {
  let dataDir: string;
  let app: INestApplication;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'mail-twin-'));
    app = await start(dataDir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('receives over SMTP, keeps the parsed message and answers it over HTTP, newest first', async () => {
    await send(app, 'Athlete@Example.ru', 'one');
    await send(app, 'athlete@example.ru', 'two');
    const list = (await http().get('/sandbox/mail').query({ to: 'athlete@example.ru' }).expect(200)).body;
    expect(list.messages.map((m: { subject: string }) => m.subject)).toEqual(['two', 'one']);
    const latest = (await http().get('/sandbox/mail/latest').query({ to: 'ATHLETE@example.ru' }).expect(200))
      .body;
    expect(latest).toMatchObject({
      subject: 'two',
      messageId: '<two@fke.example>',
      from: 'noreply@fke.example',
      to: ['athlete@example.ru'],
      text: 'Текст письма',
      html: '<p>Текст <b>письма</b></p>',
    });
    expect(latest.headers['list-unsubscribe']).toBe(
      '<https://portal.example/api/notices/unsubscribe?token=abc>',
    );
    expect(latest.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await http().get('/sandbox/mail/latest').query({ to: 'nobody@example.ru' }).expect(404);
    await http().get('/sandbox/mail').expect(400);
    expect(statSync(join(dataDir, 'mailbox.sqlite')).mode & 0o777).toBe(0o600);
  });

  it('keeps messages over a restart', async () => {
    await app.close();
    app = await start(dataDir);
    const list = (await http().get('/sandbox/mail').query({ to: 'athlete@example.ru' }).expect(200)).body;
    expect(list.messages).toHaveLength(2);
  });

  it('refuses the next messages with 451 while the switch is on (control key only), then takes them', async () => {
    await http().post('/sandbox/mail/faults').send({ calls: 1 }).expect(403);
    await http().post('/sandbox/mail/faults').set(auth).send({ calls: -1 }).expect(400);
    expect((await http().post('/sandbox/mail/faults').set(auth).send({ calls: 1 }).expect(200)).body).toEqual(
      {
        failing: 1,
      },
    );
    await expect(send(app, 'late@example.ru', 'refused')).rejects.toMatchObject({ responseCode: 451 });
    await send(app, 'late@example.ru', 'taken');
    const list = (await http().get('/sandbox/mail').query({ to: 'late@example.ru' }).expect(200)).body;
    expect(list.messages.map((m: { subject: string }) => m.subject)).toEqual(['taken']);
    expect((await http().get('/sandbox/mail/faults').set(auth).expect(200)).body).toEqual({ failing: 0 });
  });
});
