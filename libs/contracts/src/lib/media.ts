import { z } from 'zod';
import {
  elmaCategorySchema,
  elmaDateTimeSchema,
  elmaIdInputSchema,
  elmaIdSchema,
} from './platform/elma-formats';
import { paymentStatusSchema, saleStatusSchema } from './platform/request-state-schemas';
import {
  eventEntrySchema,
  eventMediaSchema,
  mediaEntryRefSchema,
  mediaKindSchema,
  photoVideoLockerSchema,
} from './platform/scripts/photo-video';

/**
 * The api's photo/video media (`/api/media`, docs/media.md): the organizer uploads and tags media of its own
 * events; an athlete's login reads the media locker of its athlete at an event. Files are served only through
 * links the api signs for one login, one athlete (or organization) and one file, valid a few minutes and made
 * anew at every read: watermarked previews for what is not paid, the originals for what is.
 */

const segment = (value: string) => encodeURIComponent(value);

export const mediaPaths = {
  /** `GET`: an own event's entries, media and tags (organization). */
  event: (competitionId: string) => `/api/media/events/${segment(competitionId)}`,
  /** `POST` multipart, one file in the field `file`: a photo or video of an own event (organization). */
  upload: (competitionId: string) => `/api/media/events/${segment(competitionId)}/files`,
  /** `POST` {@link tagMediaBodySchema}: tag or untag media to entries (organization). */
  tags: (competitionId: string) => `/api/media/events/${segment(competitionId)}/tags`,
  /** `POST` {@link deleteMediaBodySchema}: remove media of an own event (organization). */
  remove: (competitionId: string) => `/api/media/events/${segment(competitionId)}/delete`,
  /** `GET`: the media locker of an own athlete at an event ({@link mediaLockerSchema}); 404 for anyone else. */
  locker: (competitionId: string, sportsmanId: string) =>
    `/api/media/lockers/${segment(competitionId)}/${segment(sportsmanId)}`,
} as const;

/** Photo types by their first bytes. */
export const mediaPhotoMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Video types by their first bytes (MP4 and QuickTime `ftyp`, WebM's EBML header). */
export const mediaVideoMimeTypes = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export type MediaMimeType = (typeof mediaPhotoMimeTypes)[number] | (typeof mediaVideoMimeTypes)[number];

const MIB = 1024 * 1024;

export const mediaLimits = {
  /** One photo. */
  photoMaxBytes: 15 * MIB,
  /** One video: the platform's disk takes one upload in one request (a short clip of a performance). */
  videoMaxBytes: 20 * MIB,
  /** A photo's pixels (width × height). */
  photoMaxPixels: 60_000_000,
  /** How long a signed link serves its file: a locker read makes new ones every visit. */
  linkTtlSeconds: 15 * 60,
  /** The longer side of a preview. */
  previewSize: 1600,
} as const;

export { mediaEntryRefSchema, type MediaEntryRef } from './platform/scripts/photo-video';

/** A medium of an event as its organizer sees it. */
export const organizerMediaItemSchema = z.object({
  id: elmaIdSchema,
  kind: mediaKindSchema,
  name: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  createdAt: elmaDateTimeSchema,
  /** A signed link to its image (a video's poster frame), for this login. */
  imageUrl: z.string(),
  tags: z.array(z.object({ entryId: elmaIdSchema, programId: elmaIdSchema, sportsmanId: elmaIdSchema })),
});
export type OrganizerMediaItem = z.infer<typeof organizerMediaItemSchema>;

/** One athlete's program at the event: what is tagged to it and what its athlete bought. */
export const organizerEntrySchema = eventEntrySchema.extend({
  tagged: z.object({ photos: z.number().int(), videos: z.number().int() }),
});
export type OrganizerEntry = z.infer<typeof organizerEntrySchema>;

/** `GET /api/media/events/{id}`: the platform's event media without its organizer, as the organizer sees them. */
export const organizerEventMediaSchema = eventMediaSchema.omit({ organizer: true }).extend({
  entries: z.array(organizerEntrySchema),
  media: z.array(organizerMediaItemSchema),
});
export type OrganizerEventMedia = z.infer<typeof organizerEventMediaSchema>;

/** `POST /api/media/events/{id}/tags`: several media to several performances at once. */
export const tagMediaBodySchema = z
  .object({
    mediaIds: z.array(elmaIdInputSchema).min(1, 'Выберите фото или видео').max(100),
    entries: z.array(mediaEntryRefSchema).min(1, 'Выберите выступления').max(50),
    action: z.enum(['tag', 'untag']).default('tag'),
  })
  .strict();
export type TagMediaBody = z.input<typeof tagMediaBodySchema>;

export const deleteMediaBodySchema = z
  .object({ mediaIds: z.array(elmaIdInputSchema).min(1).max(100) })
  .strict();
export type DeleteMediaBody = z.infer<typeof deleteMediaBodySchema>;

/** One photo or video in a locker. */
export const lockerItemSchema = z.object({
  id: elmaIdSchema,
  kind: mediaKindSchema,
  name: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** The original may be had: its performance is paid with a package holding this kind. */
  full: z.boolean(),
  /** The image to show: the watermarked preview, or (when `full`) the same without the mark. */
  imageUrl: z.string(),
  /** The original to view (a video to play): only when `full`. */
  fullUrl: z.string().nullable(),
  /** The original as a download: only when `full`. */
  downloadUrl: z.string().nullable(),
});
export type LockerItem = z.infer<typeof lockerItemSchema>;

export const lockerPerformanceSchema = z.object({
  saleId: elmaIdSchema,
  requestId: elmaIdSchema.nullable(),
  programName: z.string(),
  package: elmaCategorySchema,
  status: saleStatusSchema,
  paymentStatus: paymentStatusSchema,
  payable: z.boolean(),
  cancellable: z.boolean(),
  items: z.array(lockerItemSchema),
});
export type LockerPerformance = z.infer<typeof lockerPerformanceSchema>;

/** `GET /api/media/lockers/{competitionId}/{sportsmanId}`: the platform's locker, its media behind signed links. */
export const mediaLockerSchema = photoVideoLockerSchema.extend({
  performances: z.array(lockerPerformanceSchema),
  /** «Скачать всё»: one zip of every original that may be had, streamed; `null` when there is none. */
  zipUrl: z.string().nullable(),
  zipCount: z.number().int(),
  /** When the links of this answer stop working (read the locker again). */
  linksExpireAt: elmaDateTimeSchema,
});
export type MediaLocker = z.infer<typeof mediaLockerSchema>;

/** `code` of the media API's errors (`ApiError`). */
export const mediaErrorCodes = {
  /** 404: no such locker or medium for this login. */
  notFound: 'not_found',
  /** 403: the event is organized by another organization. */
  notOrganizer: 'forbidden',
  /** 400: the event sells no photos or videos. */
  noSale: 'photo_video_off',
  /** 400: not a photo or video by its first bytes. */
  fileFormat: 'file_format',
  /** 413: over the kind's limit. */
  fileTooLarge: 'file_too_large',
  /** 400: no file, or more than one. */
  fileMissing: 'file_missing',
  /** 403: a signed link that is wrong, expired, or of a login that no longer holds its athlete. */
  badLink: 'link_invalid',
} as const;
