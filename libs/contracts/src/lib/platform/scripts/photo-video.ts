import { z } from 'zod';
import {
  elmaCategorySchema,
  elmaDateTimeSchema,
  elmaIdInputSchema,
  elmaIdSchema,
  elmaLinkSchema,
  elmaMoneySchema,
  elmaSystemFieldsSchema,
} from '../elma-formats';
import { saleRecordSchema } from '../records';
import { paymentStatusSchema, photoVideoPackageSchema } from '../request-state-schemas';
import { dataAnswer, listAnswer, read, serverRead, serverWrite, write } from './script-kit';

/**
 * Photo and video of one's own performances, served by the `requests` module (a sale is paid by a request, as
 * an entry fee is). A **performance** is an athlete's entry (their live competition request) in one of its
 * programs; a **sale** buys one performance's photos, video or both at the event's prices, paid by its own
 * `photo_video` request through the api's orders. The organizer's **media** (files on the platform's disk)
 * are tagged to performances. Browsers reach the sales; media are reached only through the api (server-only
 * scripts), which never hands out a disk file id: it serves media through links it signs.
 */

/** Most performances ordered at once: the orders API's lines in one order. */
export const PHOTO_VIDEO_MAX_ITEMS = 10;

export const photoVideoPriceSchema = z.object({
  code: photoVideoPackageSchema,
  name: z.string(),
  price: elmaMoneySchema,
});
export type PhotoVideoPrice = z.infer<typeof photoVideoPriceSchema>;

/** A sale as its athlete sees it. */
export const photoVideoSaleSchema = saleRecordSchema.extend({
  competitionName: z.string(),
  competitionDate: elmaDateTimeSchema.nullable(),
  sportsmanName: z.string(),
  /** The performance's program, by name. */
  programName: z.string(),
  /** The paying request's payment status (`request`). */
  payment_status: paymentStatusSchema,
  /** Its request may be paid now (through an order). */
  payable: z.boolean(),
  /** The package may still be changed: ordered and unpaid. */
  editable: z.boolean(),
  /**
   * It may be cancelled now: ordered (nothing to refund), or paid before the event starts (refunded first,
   * through the orders API). Delivered, cancelled, or paid once the event began: no.
   */
  cancellable: z.boolean(),
});
export type PhotoVideoSale = z.infer<typeof photoVideoSaleSchema>;

/** One performance of the athlete at an event and its live sale, if ordered. */
export const photoVideoPerformanceSchema = z.object({
  entryId: elmaIdSchema,
  programId: elmaIdSchema,
  programName: z.string(),
  sale: photoVideoSaleSchema.nullable(),
});
export type PhotoVideoPerformance = z.infer<typeof photoVideoPerformanceSchema>;

/** What an athlete may order at an event (`getPhotoVideoOffer`). */
export const photoVideoOfferSchema = z.object({
  competitionId: elmaIdSchema,
  competitionName: z.string(),
  dateStart: elmaDateTimeSchema,
  dateEnd: elmaDateTimeSchema,
  sportsmanId: elmaIdSchema,
  sportsmanName: z.string(),
  /** The event sells photos and videos (`photo_video_sale`). */
  photoVideoSale: z.boolean(),
  prices: z.array(photoVideoPriceSchema),
  /** Every program of the athlete's live entries, with its sale. */
  performances: z.array(photoVideoPerformanceSchema),
  /** Why nothing can be ordered, in Russian (no sale at this event, not entered); empty when something can. */
  reasons: z.array(z.string()),
});
export type PhotoVideoOffer = z.infer<typeof photoVideoOfferSchema>;

export const photoVideoItemSchema = z
  .object({ entryId: elmaIdInputSchema, programId: elmaIdInputSchema, package: photoVideoPackageSchema })
  .strict();
export type PhotoVideoItem = z.infer<typeof photoVideoItemSchema>;

/** A tag: one performance (an entry, i.e. a competition request, in one of its programs). */
export const mediaEntryRefSchema = z
  .object({ entryId: elmaIdInputSchema, programId: elmaIdInputSchema })
  .strict();
export type MediaEntryRef = z.infer<typeof mediaEntryRefSchema>;

export const mediaKinds = ['photo', 'video'] as const;
export const mediaKindSchema = z.enum(mediaKinds);
export type MediaKind = z.infer<typeof mediaKindSchema>;

/** A performance a medium shows: the entry (competition request), its program and its athlete. */
export const mediaTagSchema = z.object({
  entry: elmaIdSchema,
  program: elmaIdSchema,
  sportsman: elmaIdSchema,
});
export type MediaTag = z.infer<typeof mediaTagSchema>;

/** A photo or video of an event as the platform keeps it (server only: it names disk files). */
export const mediaRecordSchema = elmaSystemFieldsSchema.extend({
  competition: elmaLinkSchema,
  kind: mediaKindSchema,
  mime_type: z.string(),
  /** Bytes of the original. */
  size: z.number().int().min(0),
  width: z.number().int().min(0).nullable(),
  height: z.number().int().min(0).nullable(),
  /** The original as uploaded. */
  file: elmaLinkSchema,
  /** A small image of it with the federation's mark across it: what is shown before payment. */
  preview: elmaLinkSchema,
  /** The same small image without the mark (a video's poster frame): what is shown after payment. */
  display: elmaLinkSchema,
  tags: z.array(mediaTagSchema),
});
export type MediaRecord = z.infer<typeof mediaRecordSchema>;

/** An entry of an event as its organizer tags media to it: one athlete's program, and its sale. */
export const eventEntrySchema = z.object({
  entryId: elmaIdSchema,
  sportsmanId: elmaIdSchema,
  sportsmanName: z.string(),
  programId: elmaIdSchema,
  programName: z.string(),
  /** The live sale of this performance, if any: its package and status (`ordered`, `paid`, `delivered`). */
  sale: z
    .object({ saleId: elmaIdSchema, package: elmaCategorySchema, status: z.string(), paid: z.boolean() })
    .nullable(),
});
export type EventEntry = z.infer<typeof eventEntrySchema>;

export const eventMediaSchema = z.object({
  competitionId: elmaIdSchema,
  competitionName: z.string(),
  dateStart: elmaDateTimeSchema,
  organizer: elmaLinkSchema,
  photoVideoSale: z.boolean(),
  /** Every program of every live entry of the event. */
  entries: z.array(eventEntrySchema),
  media: z.array(mediaRecordSchema),
});
export type EventMedia = z.infer<typeof eventMediaSchema>;

/** One athlete's media of an event: the performances bought (live sales) with what is tagged to each. */
export const photoVideoLockerSchema = z.object({
  competitionId: elmaIdSchema,
  competitionName: z.string(),
  dateStart: elmaDateTimeSchema,
  sportsmanId: elmaIdSchema,
  sportsmanName: z.string(),
  performances: z.array(z.object({ sale: photoVideoSaleSchema, media: z.array(mediaRecordSchema) })),
});
export type PhotoVideoLocker = z.infer<typeof photoVideoLockerSchema>;

const mediaIdsSchema = z.array(elmaIdInputSchema).min(1).max(100);
/** An athlete at an event: what its offer and its locker are read by. */
const athleteAtEventSchema = z
  .object({ sportsmanId: elmaIdInputSchema, competitionId: elmaIdInputSchema })
  .strict();

export const photoVideoScripts = {
  /** What an own athlete may order at an event: its performances, their sales and the prices. */
  getPhotoVideoOffer: read(athleteAtEventSchema, dataAnswer(photoVideoOfferSchema)),

  /**
   * Order packages for performances of an own athlete: one sale and its `photo_video` request (accepted,
   * unpaid, the price as its fee) per item. Refused (400) when the event sells none, a performance is not
   * the athlete's live entry and program, or it already has a live sale (change that one instead).
   */
  createPhotoVideoSales: write(
    z
      .object({
        sportsmanId: elmaIdInputSchema,
        competitionId: elmaIdInputSchema,
        items: z
          .array(photoVideoItemSchema)
          .min(1, 'Выберите хотя бы одно выступление')
          .max(PHOTO_VIDEO_MAX_ITEMS, `Не больше ${PHOTO_VIDEO_MAX_ITEMS} выступлений за раз`),
      })
      .strict(),
    listAnswer(photoVideoSaleSchema),
  ),

  /** One sale of an own athlete (the edit page). */
  getPhotoVideoSale: read(z.object({ saleId: elmaIdInputSchema }).strict(), dataAnswer(photoVideoSaleSchema)),

  /** Another package for an ordered, unpaid sale: its price and its request's fee follow. */
  updatePhotoVideoSale: write(
    z.object({ saleId: elmaIdInputSchema, package: photoVideoPackageSchema }).strict(),
    dataAnswer(photoVideoSaleSchema),
  ),

  /** A medium the organizer uploaded (server only, after the api checked and processed its files). */
  addPhotoVideoMedia: serverWrite(
    z
      .object({
        competitionId: elmaIdInputSchema,
        kind: mediaKindSchema,
        name: z.string().min(1).max(200),
        mimeType: z.string().min(1).max(100),
        size: z.number().int().min(1),
        width: z.number().int().min(1).nullable(),
        height: z.number().int().min(1).nullable(),
        fileId: elmaIdInputSchema,
        previewId: elmaIdInputSchema,
        displayId: elmaIdInputSchema,
      })
      .strict(),
    dataAnswer(mediaRecordSchema),
  ),

  /** One medium (server only: the api serving its files). */
  getPhotoVideoMedia: serverRead(
    z.object({ mediaId: elmaIdInputSchema }).strict(),
    dataAnswer(mediaRecordSchema),
  ),

  /** An event's entries and media with their tags (server only: the organizer's page, through the api). */
  getEventMedia: serverRead(
    z.object({ competitionId: elmaIdInputSchema }).strict(),
    dataAnswer(eventMediaSchema),
  ),

  /**
   * Tags (or untags) media of an event to performances of it (server only). Every medium must be of this
   * event and every entry a live competition request to it holding the program: else 400, nothing changed.
   */
  tagPhotoVideoMedia: serverWrite(
    z
      .object({
        competitionId: elmaIdInputSchema,
        mediaIds: mediaIdsSchema,
        entries: z.array(mediaEntryRefSchema).min(1).max(50),
        action: z.enum(['tag', 'untag']).default('tag'),
      })
      .strict(),
    listAnswer(mediaRecordSchema),
  ),

  /** Media of an event the organizer removes (server only): gone from every locker. */
  deletePhotoVideoMedia: serverWrite(
    z.object({ competitionId: elmaIdInputSchema, mediaIds: mediaIdsSchema }).strict(),
    listAnswer(z.object({ mediaId: elmaIdSchema })),
  ),

  /** An athlete's media of an event: the live sales and what is tagged to each (server only). */
  getPhotoVideoLocker: serverRead(athleteAtEventSchema, dataAnswer(photoVideoLockerSchema)),
};
