import {
  mediaLockerSchema,
  mediaPaths,
  noticesListSchema,
  noticesPaths,
  orderSchema,
  ordersPaths,
  organizerEventMediaSchema,
  organizerMediaItemSchema,
  payOrderAnswerSchema,
  platformScripts,
  type MediaLocker,
  type OrganizerEventMedia,
  type PhotoVideoSale,
} from '@fed/contracts';
import {
  demoAthleteExpired,
  demoClub,
  demoCompetitions,
  demoFamily,
  demoFederation,
} from '@fed/sandbox-fixtures';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startOrdersApp, type OrdersApp } from '../orders/testing/orders-test-app';
import { linkQuery, mediaLinkKey } from './media-links';
import { readZip } from './zip-stream';

const cup: string = demoCompetitions.photoVideoCup;
const [sonId, daughterId] = demoFamily.childIds as readonly [string, string];
const clip = readFileSync(join(import.meta.dirname, 'testing', 'clip.mp4'));

/** A photo the organizer took: a gradient of its own colour, so each is told apart. */
const photo = (hue: number) =>
  sharp({
    create: { width: 900, height: 600, channels: 3, background: { r: hue, g: 255 - hue, b: 120 } },
  })
    .png()
    .toBuffer();

/** Reads a binary answer whole (supertest leaves images and zips unparsed otherwise). */
const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

function hasUnzip(): boolean {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Photo and video of performances through HTTP, as the portal and the browser use them, against the api with
 * the demo federation's twins: the parent orders the son's kata, the club uploads and tags, the parent pays on
 * the YooKassa twin's page and downloads; every rule of who sees what.
 */
describe('media: photo and video of one’s own performances', () => {
  let t: OrdersApp;
  let family: ReturnType<OrdersApp['as']>;
  let club: ReturnType<OrdersApp['as']>;
  let federationLogin: ReturnType<OrdersApp['as']>;
  let stranger: ReturnType<OrdersApp['as']>;
  let sale: PhotoVideoSale;
  let orderId: string;
  const uploads: Array<{ id: string; bytes: Buffer; kind: string }> = [];
  const tokens = new Map<string, string>();

  const get = (path: string) => request(t.base).get(path).buffer(true).parse(binary);

  beforeAll(async () => {
    t = await startOrdersApp();
    for (const phone of [demoFamily.phone, demoClub.phone, demoFederation.phone, demoAthleteExpired.phone]) {
      tokens.set(phone, await t.signIn(phone));
    }
    family = t.as(tokens.get(demoFamily.phone) ?? '');
    club = t.as(tokens.get(demoClub.phone) ?? '');
    federationLogin = t.as(tokens.get(demoFederation.phone) ?? '');
    stranger = t.as(tokens.get(demoAthleteExpired.phone) ?? '');
  }, 60_000);
  afterAll(async () => {
    await t?.stop();
  });

  const lockerOf = async (who = family, sportsmanId = sonId): Promise<MediaLocker> =>
    mediaLockerSchema.parse((await who.get(mediaPaths.locker(cup, sportsmanId)).expect(200)).body);

  const upload = (phone: string, bytes: Buffer, name: string, competitionId = cup) =>
    request(t.base)
      .post(mediaPaths.upload(competitionId))
      .set('Authorization', `Bearer ${tokens.get(phone) ?? ''}`)
      .attach('file', bytes, { filename: name, contentType: 'application/octet-stream' });

  it('orders the son’s kata through the proxy and makes its order', async () => {
    const offer = platformScripts.getPhotoVideoOffer.output.parse(
      (await family.script('getPhotoVideoOffer', { sportsmanId: sonId, competitionId: cup }).expect(200))
        .body,
    ).data;
    const kata = offer.performances.find((performance) => performance.programName.startsWith('Ката'));
    if (!kata) throw new Error('the son has no kata at the cup');
    // Another login may not order for the son.
    await stranger
      .script('createPhotoVideoSales', {
        sportsmanId: sonId,
        competitionId: cup,
        items: [{ entryId: kata.entryId, programId: kata.programId, package: 'photo' }],
      })
      .expect(403);
    const created = platformScripts.createPhotoVideoSales.output.parse(
      (
        await family
          .script('createPhotoVideoSales', {
            sportsmanId: sonId,
            competitionId: cup,
            items: [{ entryId: kata.entryId, programId: kata.programId, package: 'photo' }],
          })
          .expect(200)
      ).body,
    ).result;
    sale = created[0] as PhotoVideoSale;
    const order = orderSchema.parse(
      (await family.post(ordersPaths.orders, { requestIds: [sale.request?.[0]] }).expect(201)).body,
    );
    expect(order).toMatchObject({ amount: 60_000, lines: [{ kind: 'photo_video', amount: 60_000 }] });
    // The package chosen anew while unpaid: the same order follows the price.
    await family.script('updatePhotoVideoSale', { saleId: sale.__id, package: 'photo_video' }).expect(200);
    const again = orderSchema.parse(
      (await family.post(ordersPaths.orders, { requestIds: [sale.request?.[0]] }).expect(200)).body,
    );
    expect(again).toMatchObject({ id: order.id, amount: 140_000 });
    orderId = order.id;
  });

  it('takes the club’s three photos and a video, by their bytes, and refuses the rest', async () => {
    for (const hue of [40, 120, 200]) {
      const bytes = await photo(hue);
      const answer = organizerMediaItemSchema.parse(
        (await upload(demoClub.phone, bytes, `Старт ${hue}.png`).expect(201)).body,
      );
      expect(answer).toMatchObject({
        kind: 'photo',
        mimeType: 'image/png',
        width: 900,
        height: 600,
        tags: [],
      });
      uploads.push({ id: answer.id, bytes, kind: 'photo' });
    }
    const video = organizerMediaItemSchema.parse(
      (await upload(demoClub.phone, clip, 'Выход.mp4').expect(201)).body,
    );
    expect(video).toMatchObject({ kind: 'video', mimeType: 'video/mp4', name: 'Выход.mp4' });
    uploads.push({ id: video.id, bytes: clip, kind: 'video' });
    const poster = await get(video.imageUrl).expect(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(poster.body as Buffer).metadata()).format).toBe('jpeg');

    // An HTML page renamed as a photo; nothing at all; too large for a photo.
    const html = await upload(
      demoClub.phone,
      Buffer.from('<!doctype html><html><script>alert(1)</script></html>'),
      'photo.jpg',
    ).expect(400);
    expect(html.body).toMatchObject({ code: 'file_format' });
    expect(html.body.message).toMatch(/Неверный формат файла/);
    const huge = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(16 * 1024 * 1024)]);
    expect((await upload(demoClub.phone, huge, 'big.jpg').expect(413)).body.message).toMatch(
      /Фото больше 15 МБ/,
    );
    // Not the organizer: the federation, an athlete's login, a guest.
    expect((await upload(demoFederation.phone, await photo(10), 'x.png').expect(403)).body.message).toMatch(
      /другая организация/,
    );
    await upload(demoFamily.phone, await photo(10), 'x.png').expect(403);
    await request(t.base)
      .post(mediaPaths.upload(cup))
      .attach('file', await photo(10), 'x.png')
      .expect(401);
    // An event of the club that sells none.
    await upload(demoClub.phone, await photo(10), 'x.png', demoCompetitions.clubChildren).expect(400);
  });

  it('lets the club tag media of its own event only, to entries of that event only', async () => {
    const event: OrganizerEventMedia = organizerEventMediaSchema.parse(
      (await club.get(mediaPaths.event(cup)).expect(200)).body,
    );
    expect(event.media).toHaveLength(4);
    const sonKata = event.entries.find(
      (entry) => entry.sportsmanId === sonId && entry.programId === sale.program?.[0],
    );
    expect(sonKata?.sale).toMatchObject({ saleId: sale.__id, paid: false });
    const mediaIds = uploads.map((upload) => upload.id);
    const entries = [{ entryId: sonKata?.entryId ?? '', programId: sonKata?.programId ?? '' }];
    // The federation does not organize the cup.
    await federationLogin.post(mediaPaths.tags(cup), { mediaIds, entries }).expect(403);
    await federationLogin.get(mediaPaths.event(cup)).expect(403);
    // An entry of another event.
    const open = organizerEventMediaSchema.parse(
      (await club.get(mediaPaths.event(demoCompetitions.clubOpen)).expect(200)).body,
    );
    const foreign = open.entries[0];
    await club
      .post(mediaPaths.tags(cup), {
        mediaIds,
        entries: [{ entryId: foreign?.entryId, programId: foreign?.programId }],
      })
      .expect(400);
    // Media of another event.
    await club.post(mediaPaths.tags(demoCompetitions.clubOpen), { mediaIds, entries }).expect(400);
    const tagged = organizerEventMediaSchema.parse(
      (await club.post(mediaPaths.tags(cup), { mediaIds, entries }).expect(200)).body,
    );
    expect(
      tagged.entries.find(
        (entry) => entry.entryId === sonKata?.entryId && entry.programId === sonKata?.programId,
      )?.tagged,
    ).toEqual({
      photos: 3,
      videos: 1,
    });
    await club.post(mediaPaths.tags(cup), { mediaIds: [], entries }).expect(400);

    // The son's login is told once, on the portal, and sent to the locker (the son ordered them); tagging the
    // same media again, twice at once, tells nothing new; nobody else is told.
    const mediaNotices = async (who: ReturnType<OrdersApp['as']>) =>
      noticesListSchema
        .parse((await who.get(noticesPaths.notices).query({ limit: 100 }).expect(200)).body)
        .result.filter((notice) => notice.kind === 'media_ready');
    await Promise.all([
      club.post(mediaPaths.tags(cup), { mediaIds, entries }).expect(200),
      club.post(mediaPaths.tags(cup), { mediaIds, entries }).expect(200),
    ]);
    const told = await mediaNotices(family);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: 'Фото и видео готовы',
      link: `/photo-video/${cup}`,
      recipient: { id: sonId },
    });
    expect(told[0]?.text).toMatch(/^Фото и видео с выступлений на «.+» готовы/);
    expect(await mediaNotices(club)).toEqual([]);
    expect(await mediaNotices(stranger)).toEqual([]);
  });

  it('shows the locker before payment as watermarked previews only; the originals answer 403', async () => {
    const locker = await lockerOf();
    expect(locker.zipUrl).toBeNull();
    const items = locker.performances[0]?.items ?? [];
    expect(items).toHaveLength(4);
    for (const item of items) {
      expect(item).toMatchObject({ full: false, fullUrl: null, downloadUrl: null });
      expect(item.imageUrl).toMatch(/\/preview\?/);
    }
    const first = items[0];
    const preview = await get(first?.imageUrl ?? '').expect(200);
    expect(preview.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
    });
    expect(preview.headers['cache-control']).toMatch(/^private/);
    // Asking for the original with the preview's signature: refused.
    await get((first?.imageUrl ?? '').replace('/preview?', '/full?')).expect(403);
    await get((first?.imageUrl ?? '').replace('/preview?', '/display?')).expect(403);
    // Every read signs anew.
    const again = await lockerOf();
    expect(again.performances[0]?.items[0]?.imageUrl).toBeDefined();
  });

  it('answers 404 to another login, to the son’s unbought sister, and 401 to a guest', async () => {
    await stranger.get(mediaPaths.locker(cup, sonId)).expect(404);
    await club.get(mediaPaths.locker(cup, sonId)).expect(404);
    await family.get(mediaPaths.locker(cup, daughterId)).expect(404);
    await family.get(mediaPaths.locker(demoCompetitions.clubOpen, sonId)).expect(404);
    await request(t.base).get(mediaPaths.locker(cup, sonId)).expect(401);
  });

  it('after payment serves the originals, single and as one streamed zip', async () => {
    const { confirmationUrl } = payOrderAnswerSchema.parse(
      (await family.post(ordersPaths.pay(orderId)).expect(200)).body,
    );
    // While the card page may pay, the package it pays for neither changes nor goes.
    const changed = await family.script('updatePhotoVideoSale', { saleId: sale.__id, package: 'video' });
    expect(changed.status).toBe(409);
    expect(changed.body.code).toBe('order_in_progress');
    await family.script('cancelSales', { saleId: sale.__id }).expect(409);
    await t.payOnPage(confirmationUrl);
    await eventually(async () => {
      const order = orderSchema.parse((await family.get(ordersPaths.order(orderId)).expect(200)).body);
      return order.status === 'paid';
    });
    await eventually(async () => (await lockerOf()).performances[0]?.status === 'paid');
    const locker = await lockerOf();
    const items = locker.performances[0]?.items ?? [];
    expect(items.every((item) => item.full && item.fullUrl && item.downloadUrl)).toBe(true);
    for (const item of items) {
      const uploaded = uploads.find((entry) => entry.id === item.id);
      const original = await get(item.fullUrl ?? '').expect(200);
      expect(Buffer.compare(original.body as Buffer, uploaded?.bytes ?? Buffer.alloc(0))).toBe(0);
      const download = await get(item.downloadUrl ?? '').expect(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
    }
    expect(locker.zipCount).toBe(4);
    const zip = await get(locker.zipUrl ?? '').expect(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.headers['content-length']).toBeUndefined();
    const files = readZip(zip.body as Buffer);
    expect(files).toHaveLength(4);
    for (const upload of uploads) {
      expect(files.some((file) => Buffer.compare(file.data, upload.bytes) === 0)).toBe(true);
    }
    expect(files.map((file) => file.name).every((name) => name.startsWith('Ката'))).toBe(true);
    if (hasUnzip()) {
      const dir = mkdtempSync(join(tmpdir(), 'media-zip-'));
      try {
        writeFileSync(join(dir, 'all.zip'), zip.body as Buffer);
        expect(execFileSync('unzip', ['-t', join(dir, 'all.zip')], { encoding: 'utf8' })).toMatch(
          /No errors detected/,
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('refuses a link changed in any part, one for another athlete, and an expired one', async () => {
    const locker = await lockerOf();
    const url = new URL(locker.performances[0]?.items[0]?.fullUrl ?? '', t.base);
    const tamper = (name: string, value: string) => {
      const copy = new URL(url);
      copy.searchParams.set(name, value);
      return `${copy.pathname}${copy.search}`;
    };
    await get(tamper('a', daughterId)).expect(403);
    await get(tamper('u', 'another-login')).expect(403);
    await get(tamper('e', String(Number(url.searchParams.get('e')) + 3600))).expect(403);
    await get(`${url.pathname.replace(/[^/]+\/full$/, `${uploads[1]?.id}/full`)}${url.search}`).expect(403);
    const key = mediaLinkKey(t.config.auth.hashSecret);
    const login = url.searchParams.get('u') ?? '';
    const expired = linkQuery(key, {
      login,
      subject: sonId,
      target: `${uploads[0]?.id}:full`,
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    await get(`/api/media/files/${uploads[0]?.id}/full?${expired}`).expect(403);
    // Signed right, but for the daughter, whom the medium does not show: not found.
    const sister = linkQuery(key, {
      login,
      subject: daughterId,
      target: `${uploads[0]?.id}:full`,
      expires: Math.floor(Date.now() / 1000) + 60,
    });
    await get(`/api/media/files/${uploads[0]?.id}/full?${sister}`).expect(404);
  });

  it('cancels the paid sale before the event only with its refund; the locker is then gone', async () => {
    const refused = await family.script('cancelSales', { saleId: sale.__id }).expect(403);
    expect(refused.body.message).toMatch(/с возвратом/);
    const refunded = orderSchema.parse(
      (await family.post(ordersPaths.refundRequest(sale.request?.[0] ?? ''), {}).expect(200)).body.order,
    );
    expect(refunded).toMatchObject({ status: 'refunded', refundedAmount: 140_000 });
    const after = platformScripts.getPhotoVideoSale.output.parse(
      (await family.script('getPhotoVideoSale', { saleId: sale.__id }).expect(200)).body,
    ).data;
    expect(after).toMatchObject({ status: 'cancelled', payment_status: 'refunded', payable: false });
    await family.get(mediaPaths.locker(cup, sonId)).expect(404);
    // Its zip link dies with it: the locker's originals are gone.
    const event = organizerEventMediaSchema.parse((await club.get(mediaPaths.event(cup)).expect(200)).body);
    expect(
      event.entries.find((entry) => entry.sportsmanId === sonId && entry.programId === sale.program?.[0])
        ?.sale,
    ).toBeNull();
  });
});
