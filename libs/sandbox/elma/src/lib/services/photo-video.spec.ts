import { DAY_MS, ManualClock, systemClock } from '@fed/calendar';
import { platformScripts, type PhotoVideoOffer } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoClub, demoCompetitions, demoFamily } from '../seed/demo-accounts';
import { startTwin, TEST_TOKEN, type TwinHarness } from '../testing/twin-harness';
import { twinCalls } from '../testing/twin-calls';

const [sonId, daughterId] = demoFamily.childIds;

/**
 * Photo/video sales and media on the twin's demo federation (the cup that sells them), with a moved clock. The
 * clock starts at the process's time, so that the demo seeded on whatever day this runs keeps its cup's promises.
 */
describe('ELMA twin: photo and video of one’s own performances', () => {
  const { extensions } = sandboxPublicConfig;
  const auth = { Authorization: `Bearer ${TEST_TOKEN}` };
  const started = systemClock.now();
  const clock = new ManualClock(started);
  let twin: TwinHarness;
  const calls = twinCalls(() => twin);
  const { http } = calls;
  const write = (name: string, body: unknown) => calls.script('requests', name, body);
  const read = (name: string, data: unknown) => calls.read('requests', name, data);
  const offerOf = async (sportsmanId: string, competitionId: string = demoCompetitions.photoVideoCup) =>
    platformScripts.getPhotoVideoOffer.output.parse(
      (await read('getPhotoVideoOffer', { sportsmanId, competitionId }).expect(200)).body,
    ).data;
  const upload = async (name: string) => {
    const answer = await http()
      .post('/sandbox/elma/pub/v1/disk/directory/photo-video/upload')
      .set(auth)
      .attach('file', Buffer.from(`bytes of ${name}`), { filename: name, contentType: 'image/jpeg' })
      .expect(200);
    return String(answer.body.file.__id);
  };
  const addMedia = async (competitionId: string, name: string) =>
    platformScripts.addPhotoVideoMedia.output.parse(
      (
        await write('addPhotoVideoMedia', {
          competitionId,
          kind: 'photo',
          name,
          mimeType: 'image/jpeg',
          size: 100,
          width: 40,
          height: 30,
          fileId: await upload(name),
          previewId: await upload(`preview-${name}`),
          displayId: await upload(`display-${name}`),
        }).expect(200)
      ).body,
    ).data;

  let offer: PhotoVideoOffer;

  beforeAll(async () => {
    twin = await startTwin({ clock });
  });
  afterAll(() => twin.dispose());

  it('offers the son’s two performances at the cup at the event’s own prices', async () => {
    offer = await offerOf(sonId as string);
    expect(offer).toMatchObject({ photoVideoSale: true, reasons: [] });
    expect(offer.prices.map((price) => [price.code, price.price.cents])).toEqual([
      ['photo', 60_000],
      ['video', 100_000],
      ['photo_video', 140_000],
    ]);
    expect(offer.performances).toHaveLength(2);
    expect(offer.performances.every((performance) => performance.sale === null)).toBe(true);
    // Not entered: nothing to order, and it says why.
    const daughter = await offerOf(daughterId as string);
    expect(daughter.performances).toEqual([]);
    expect(daughter.reasons.join(' ')).toMatch(/не заявлен/);
    // An event that sells none says so.
    const closed = await offerOf(sonId as string, demoCompetitions.clubChildren);
    expect(closed.reasons.join(' ')).toMatch(/не продаются/);
  });

  it('creates one sale and one accepted photo/video request per performance, refusing what is not the athlete’s', async () => {
    const [kata] = offer.performances;
    if (!kata) throw new Error('no performance');
    const answer = platformScripts.createPhotoVideoSales.output.parse(
      (
        await write('createPhotoVideoSales', {
          sportsmanId: sonId,
          competitionId: demoCompetitions.photoVideoCup,
          items: [{ entryId: kata.entryId, programId: kata.programId, package: 'photo' }],
        }).expect(200)
      ).body,
    );
    const [sale] = answer.result;
    expect(sale).toMatchObject({
      status: 'ordered',
      payment_status: 'unpaid',
      price: { cents: 60_000 },
      package: [{ code: 'photo' }],
      editable: true,
      cancellable: true,
      payable: true,
    });
    const requestId = sale?.request?.[0] as string;
    const view = platformScripts.getApplicationById.output.parse(
      (
        await http()
          .get(`/sandbox/elma/api/extensions/${extensions.application}/script/getApplicationById`)
          .set(auth)
          .query({ data: JSON.stringify({ id: requestId }) })
          .expect(200)
      ).body,
    ).data;
    expect(view).toMatchObject({
      nomenclature_type: 'photo_video',
      requestState: 'approved',
      fee: { cents: 60_000 },
      payable: true,
      photoVideo: { saleId: sale?.__id, status: 'ordered', package: { code: 'photo' } },
    });
    // The same performance again, another athlete's entry, a program not entered: refused.
    const again = await write('createPhotoVideoSales', {
      sportsmanId: sonId,
      competitionId: demoCompetitions.photoVideoCup,
      items: [{ entryId: kata.entryId, programId: kata.programId, package: 'video' }],
    }).expect(400);
    expect(again.body.error).toMatch(/уже заказано/);
    await write('createPhotoVideoSales', {
      sportsmanId: demoFamily.parentId,
      competitionId: demoCompetitions.photoVideoCup,
      items: [{ entryId: kata.entryId, programId: kata.programId, package: 'photo' }],
    }).expect(400);
    await write('createPhotoVideoSales', {
      sportsmanId: sonId,
      competitionId: demoCompetitions.clubChildren,
      items: [{ entryId: kata.entryId, programId: kata.programId, package: 'photo' }],
    }).expect(400);
    // Its package changes while unpaid, and the request's fee with it.
    const changed = platformScripts.updatePhotoVideoSale.output.parse(
      (await write('updatePhotoVideoSale', { saleId: sale?.__id, package: 'photo_video' }).expect(200)).body,
    ).data;
    expect(changed).toMatchObject({ price: { cents: 140_000 }, package: [{ code: 'photo_video' }] });
    const terms = await write('markRequestsPaid', {
      requestIds: [requestId],
      orderId: 'order-1',
      paymentId: 'pay-1',
    });
    expect(terms.status).toBe(200);
    const paid = platformScripts.getPhotoVideoSale.output.parse(
      (await read('getPhotoVideoSale', { saleId: sale?.__id }).expect(200)).body,
    ).data;
    expect(paid).toMatchObject({
      status: 'paid',
      payment_status: 'paid',
      editable: false,
      cancellable: true,
    });
    // Paid: the package stays.
    await write('updatePhotoVideoSale', { saleId: sale?.__id, package: 'photo' }).expect(400);
  });

  it('tags media of the event to its performances, all or nothing, and shows them in the athlete’s locker', async () => {
    const cup = demoCompetitions.photoVideoCup;
    const first = await addMedia(cup, 'first.jpg');
    const second = await addMedia(cup, 'second.jpg');
    const elsewhere = await addMedia(demoCompetitions.clubOpen, 'elsewhere.jpg');
    const event = platformScripts.getEventMedia.output.parse(
      (await read('getEventMedia', { competitionId: cup }).expect(200)).body,
    ).data;
    expect(event.organizer).toEqual([demoClub.organizationId]);
    expect(event.entries.length).toBeGreaterThanOrEqual(7);
    const sonKata = event.entries.find(
      (entry) => entry.sportsmanId === sonId && entry.programId === offer.performances[0]?.programId,
    );
    expect(sonKata?.sale).toMatchObject({ status: 'paid', paid: true });
    const other = event.entries.find((entry) => entry.sportsmanId !== sonId);
    if (!sonKata || !other) throw new Error('entries missing');
    // A medium of another event, or an entry of another event: refused, nothing tagged.
    await write('tagPhotoVideoMedia', {
      competitionId: cup,
      mediaIds: [first.__id, elsewhere.__id],
      entries: [{ entryId: sonKata.entryId, programId: sonKata.programId }],
    }).expect(400);
    await write('tagPhotoVideoMedia', {
      competitionId: cup,
      mediaIds: [first.__id],
      entries: [{ entryId: sonKata.entryId, programId: demoCompetitions.clubOpen }],
    }).expect(400);
    const tagged = platformScripts.tagPhotoVideoMedia.output.parse(
      (
        await write('tagPhotoVideoMedia', {
          competitionId: cup,
          mediaIds: [first.__id, second.__id],
          entries: [
            { entryId: sonKata.entryId, programId: sonKata.programId },
            { entryId: other.entryId, programId: other.programId },
          ],
        }).expect(200)
      ).body,
    ).result;
    expect(tagged.map((media) => media.tags.length)).toEqual([2, 2]);
    await write('tagPhotoVideoMedia', {
      competitionId: cup,
      mediaIds: [second.__id],
      entries: [{ entryId: other.entryId, programId: other.programId }],
      action: 'untag',
    }).expect(200);
    const locker = platformScripts.getPhotoVideoLocker.output.parse(
      (await read('getPhotoVideoLocker', { sportsmanId: sonId, competitionId: cup }).expect(200)).body,
    ).data;
    expect(locker.performances).toHaveLength(1);
    expect(locker.performances[0]?.media.map((media) => media.__name)).toEqual(['first.jpg', 'second.jpg']);
    // The other athlete bought nothing: an empty locker.
    const theirs = platformScripts.getPhotoVideoLocker.output.parse(
      (await read('getPhotoVideoLocker', { sportsmanId: other.sportsmanId, competitionId: cup }).expect(200))
        .body,
    ).data;
    expect(theirs.performances).toEqual([]);
    // Removed media leave every locker.
    await write('deletePhotoVideoMedia', { competitionId: cup, mediaIds: [second.__id] }).expect(200);
    const after = platformScripts.getPhotoVideoLocker.output.parse(
      (await read('getPhotoVideoLocker', { sportsmanId: sonId, competitionId: cup }).expect(200)).body,
    ).data;
    expect(after.performances[0]?.media.map((media) => media.__name)).toEqual(['first.jpg']);
  });

  it('cancels an ordered sale with its request, and a paid one only before the event starts', async () => {
    const kumite = (await offerOf(sonId as string)).performances[1];
    if (!kumite) throw new Error('no second performance');
    const [sale] = platformScripts.createPhotoVideoSales.output.parse(
      (
        await write('createPhotoVideoSales', {
          sportsmanId: sonId,
          competitionId: demoCompetitions.photoVideoCup,
          items: [{ entryId: kumite.entryId, programId: kumite.programId, package: 'video' }],
        }).expect(200)
      ).body,
    ).result;
    const cancelled = platformScripts.cancelSales.output.parse(
      (await write('cancelSales', { saleId: sale?.__id }).expect(200)).body,
    ).data;
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: null });
    const request = await http()
      .get(`/sandbox/elma/api/extensions/${extensions.application}/script/getApplicationById`)
      .set(auth)
      .query({ data: JSON.stringify({ id: sale?.request?.[0] }) })
      .expect(200);
    expect(request.body.data).toMatchObject({
      requestState: 'cancelled',
      payment_status: 'unpaid',
      payable: false,
    });
    // Cancelled: ordered again, anew.
    const reordered = await write('createPhotoVideoSales', {
      sportsmanId: sonId,
      competitionId: demoCompetitions.photoVideoCup,
      items: [{ entryId: kumite.entryId, programId: kumite.programId, package: 'video' }],
    }).expect(200);
    const fresh = reordered.body.result[0];
    await write('markRequestsPaid', {
      requestIds: [fresh.request[0]],
      orderId: 'order-2',
      paymentId: 'pay-2',
    }).expect(200);
    expect((await read('getPhotoVideoSale', { saleId: fresh.__id }).expect(200)).body.data.cancellable).toBe(
      true,
    );
    // The event has begun: a paid sale is no longer cancellable.
    clock.set(started + 11 * DAY_MS);
    expect((await read('getPhotoVideoSale', { saleId: fresh.__id }).expect(200)).body.data.cancellable).toBe(
      false,
    );
    clock.set(started);
    // The refund of its request (the api refunded the card first) cancels the sale.
    await write('refundRequest', {
      requestId: fresh.request[0],
      refundId: 'refund-2',
      state: 'cancelled',
    }).expect(200);
    expect((await read('getPhotoVideoSale', { saleId: fresh.__id }).expect(200)).body.data).toMatchObject({
      status: 'cancelled',
      payment_status: 'refunded',
    });
  });
});
