import { Inject, Injectable, Logger } from '@nestjs/common';
import { calendarDayOf } from '@fed/calendar';
import {
  mediaErrorCodes,
  mediaLimits,
  type DeleteMediaBody,
  type EventMedia,
  type LockerItem,
  type MediaLocker,
  type MediaMimeType,
  type MediaRecord,
  type OrganizerEventMedia,
  type OrganizerMediaItem,
  type PhotoVideoSale,
  type TagMediaBody,
} from '@fed/contracts';
import type { Readable } from 'node:stream';
import { ApiException } from '../common/api-exception.filter';
import type { Caller } from '../common/caller';
import { CLOCK, type Clock } from '../common/clock';
import { mediaReady } from '../notices/notice-drafts';
import { loginOf, recordNotice } from '../notices/notices-store';
import { PlatformClient, PlatformError } from '../platform/platform-client';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { photoImages, VideoFrames, videoImages, type MediaImages } from './media-images';
import { linkQuery, verifyMediaLink, type MediaLink, type MediaVariant } from './media-links';
import {
  detectMediaType,
  MEDIA_EXTENSIONS,
  MEDIA_SIGNATURE_BYTES,
  mediaFileName,
  mediaKindOf,
} from './media-signature';
import { ZIP_MAX_BYTES, zipStream, type ZipEntry } from './zip-stream';

export const MEDIA_OPTIONS = Symbol('MEDIA_OPTIONS');

export interface MediaModuleOptions {
  /** The key media links are signed with (`mediaLinkKey` of the api's secret): the same on every instance. */
  linkKey: Buffer;
  /** The platform disk directory media go to. Default `photo-video`. */
  directory?: string;
  /** Poster frames of videos (ffmpeg, or the placeholder without it). */
  frames?: VideoFrames;
}

/** What multer hands over for the uploaded part (memory storage). */
export interface ReceivedMedia {
  originalname: string;
  size: number;
  buffer: Buffer;
}

/** A file to send: its type, name and bytes. */
export interface OutgoingMedia {
  contentType: string;
  fileName: string;
  attachment: boolean;
  contentLength: number | null;
  body: Readable | AsyncIterable<Uint8Array>;
  /** Seconds the link has left: how long a browser may keep it. */
  maxAge: number;
}

const notFound = (): never => {
  throw new ApiException(404, { code: mediaErrorCodes.notFound, message: 'Материалы не найдены' });
};

const badLink = (): never => {
  throw new ApiException(403, {
    code: mediaErrorCodes.badLink,
    message: 'Ссылка устарела: откройте страницу с фото и видео заново',
  });
};

/** The kinds a package holds. */
function kindsOf(sale: PhotoVideoSale): readonly string[] {
  const code = sale.package[0]?.code;
  return code === 'photo' ? ['photo'] : code === 'video' ? ['video'] : ['photo', 'video'];
}

/** Paid (or delivered) and its request paid: the originals may be had. */
function isPaid(sale: PhotoVideoSale): boolean {
  return (sale.status === 'paid' || sale.status === 'delivered') && sale.payment_status === 'paid';
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const UNSAFE_IN_ZIP = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/** A name safe inside a zip: no slashes or control characters. */
function zipName(text: string): string {
  return text.replace(UNSAFE_IN_ZIP, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'file';
}

/**
 * Photo and video of performances: the organizer's uploads (type by the first bytes, size per kind, previews
 * with the federation's mark made by sharp, a video's poster frame by ffmpeg or a placeholder), tags, and
 * the athlete's locker, whose files go out only through links signed for the login, its athlete and the file.
 * The platform keeps records and files (server-only scripts, the server's token); no disk file id leaves here.
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');
  private readonly directory: string;
  private readonly now: () => number;
  private readonly frames: VideoFrames;

  constructor(
    private readonly platform: PlatformClient,
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(MEDIA_OPTIONS) private readonly options: MediaModuleOptions,
    @Inject(CLOCK) clock: Clock,
  ) {
    this.directory = options.directory ?? 'photo-video';
    this.now = () => clock.now();
    this.frames = options.frames ?? new VideoFrames();
  }

  /** A platform call's failure as the api's answer; the platform's 404 (unknown record) as ours. */
  private async call<T>(run: () => Promise<T>, reason: string): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (error instanceof PlatformError) {
        if (error.status === 404) notFound();
        throw error.toApiException(reason);
      }
      throw error;
    }
  }

  // ——— links ———

  private expires(): number {
    return Math.floor(this.now() / 1000) + mediaLimits.linkTtlSeconds;
  }

  private fileLink(login: string, subject: string, mediaId: string, variant: MediaVariant, expires: number) {
    const link: MediaLink = { login, subject, target: `${mediaId}:${variant}`, expires };
    return `/api/media/files/${encodeURIComponent(mediaId)}/${variant}?${linkQuery(this.options.linkKey, link)}`;
  }

  private zipLink(login: string, competitionId: string, sportsmanId: string, expires: number) {
    const link: MediaLink = { login, subject: sportsmanId, target: `zip:${competitionId}`, expires };
    return `/api/media/zip/${encodeURIComponent(competitionId)}/${encodeURIComponent(sportsmanId)}?${linkQuery(
      this.options.linkKey,
      link,
    )}`;
  }

  /**
   * A signed link's query checked: the signature, the time, and that its login still holds the subject (an
   * athlete moved to another login, or an organization, takes its links with it). 403 otherwise.
   */
  private async checkLink(
    query: Record<string, unknown>,
    target: string,
  ): Promise<{ login: string; subject: string }> {
    const text = (name: string) => (typeof query[name] === 'string' ? (query[name] as string) : '');
    const link: MediaLink = { login: text('u'), subject: text('a'), target, expires: Number(text('e')) };
    if (!link.login || !link.subject) badLink();
    if (!verifyMediaLink(this.options.linkKey, link, text('s'), Math.floor(this.now() / 1000))) badLink();
    const held = await this.db
      .selectFrom('login_contractors')
      .select('contractor_id')
      .where('login_id', '=', link.login)
      .where('contractor_id', '=', link.subject)
      .executeTakeFirst();
    if (!held) badLink();
    return { login: link.login, subject: link.subject };
  }

  // ——— the organizer ———

  /** An event the caller's organization organizes (403 for another's, 404 for none). */
  private async ownEvent(caller: Caller, competitionId: string): Promise<EventMedia> {
    if (caller.organizationId === null || caller.contractorType !== 'organization') {
      throw new ApiException(403, {
        code: mediaErrorCodes.notOrganizer,
        message: 'Доступно только организациям',
      });
    }
    const event = await this.call(
      async () => (await this.platform.runScript('getEventMedia', { competitionId })).data,
      'мероприятие не прочитано',
    );
    if (!event.organizer.includes(caller.organizationId)) {
      throw new ApiException(403, {
        code: mediaErrorCodes.notOrganizer,
        message: 'Это мероприятие организует другая организация',
      });
    }
    return event;
  }

  private organizerItem(caller: Caller, media: MediaRecord, expires: number): OrganizerMediaItem {
    return {
      id: media.__id,
      kind: media.kind,
      name: media.__name,
      mimeType: media.mime_type,
      size: media.size,
      width: media.width,
      height: media.height,
      createdAt: media.__createdAt,
      imageUrl: this.fileLink(caller.loginId, caller.organizationId ?? '', media.__id, 'display', expires),
      tags: media.tags.map((tag) => ({
        entryId: tag.entry,
        programId: tag.program,
        sportsmanId: tag.sportsman,
      })),
    };
  }

  private organizerView(caller: Caller, event: EventMedia): OrganizerEventMedia {
    const expires = this.expires();
    const counts = new Map<string, { photos: number; videos: number }>();
    for (const media of event.media) {
      for (const tag of media.tags) {
        const key = `${tag.entry}/${tag.program}`;
        const count = counts.get(key) ?? { photos: 0, videos: 0 };
        if (media.kind === 'photo') count.photos += 1;
        else count.videos += 1;
        counts.set(key, count);
      }
    }
    return {
      competitionId: event.competitionId,
      competitionName: event.competitionName,
      dateStart: event.dateStart,
      photoVideoSale: event.photoVideoSale,
      entries: event.entries.map((entry) => ({
        ...entry,
        tagged: counts.get(`${entry.entryId}/${entry.programId}`) ?? { photos: 0, videos: 0 },
      })),
      media: event.media.map((media) => this.organizerItem(caller, media, expires)),
    };
  }

  async organizerEvent(caller: Caller, competitionId: string): Promise<OrganizerEventMedia> {
    return this.organizerView(caller, await this.ownEvent(caller, competitionId));
  }

  /**
   * One photo or video of an own event that sells them: its type by its first bytes (an HTML page called
   * `.jpg` is refused), its size by its kind's limit, its previews made here; then the original and both
   * images stored on the platform's disk and the medium recorded.
   */
  async upload(
    caller: Caller,
    competitionId: string,
    file: ReceivedMedia | undefined,
  ): Promise<OrganizerMediaItem> {
    const event = await this.ownEvent(caller, competitionId);
    if (!event.photoVideoSale) {
      throw new ApiException(400, {
        code: mediaErrorCodes.noSale,
        message: 'На этом мероприятии не продаются фото и видео: включите продажу в мероприятии',
      });
    }
    if (!file || file.size === 0) {
      throw new ApiException(400, {
        code: mediaErrorCodes.fileMissing,
        message: 'Выберите файл: он не пришёл или пустой',
      });
    }
    const type = detectMediaType(file.buffer.subarray(0, MEDIA_SIGNATURE_BYTES));
    if (type === null) {
      throw new ApiException(400, {
        code: mediaErrorCodes.fileFormat,
        message: 'Неверный формат файла: фото JPEG, PNG или WebP, видео MP4, WebM или MOV',
      });
    }
    const kind = mediaKindOf(type);
    const limit = kind === 'photo' ? mediaLimits.photoMaxBytes : mediaLimits.videoMaxBytes;
    if (file.size > limit) {
      throw new ApiException(413, {
        code: mediaErrorCodes.fileTooLarge,
        message: `${kind === 'photo' ? 'Фото' : 'Видео'} больше ${Math.round(limit / 1024 / 1024)} МБ — выберите файл поменьше`,
      });
    }
    let images: MediaImages & { originalWidth?: number; originalHeight?: number };
    if (kind === 'photo') {
      const made = await photoImages(file.buffer);
      if (made === null) {
        throw new ApiException(400, {
          code: mediaErrorCodes.fileFormat,
          message: `Неверный формат файла: фото не читается или больше ${mediaLimits.photoMaxPixels / 1_000_000} Мп`,
        });
      }
      images = made;
    } else {
      images = await videoImages(this.frames, file.buffer);
    }
    // busboy reads part headers as latin1; browsers send the name's UTF-8 bytes.
    const name = mediaFileName(
      Buffer.from(file.originalname, 'latin1').toString('utf8'),
      type as MediaMimeType,
    );
    const stem = name.replace(/\.[^.]+$/, '');
    const stored = await this.call(
      () =>
        Promise.all([
          this.platform.uploadFile(this.directory, { name, type, body: file.buffer }),
          this.platform.uploadFile(this.directory, {
            name: `${stem}-preview.jpg`,
            type: 'image/jpeg',
            body: images.preview,
          }),
          this.platform.uploadFile(this.directory, {
            name: `${stem}-display.jpg`,
            type: 'image/jpeg',
            body: images.display,
          }),
        ]),
      'файл не сохранён',
    );
    const [original, preview, display] = stored;
    const record = await this.call(
      async () =>
        (
          await this.platform.runScript('addPhotoVideoMedia', {
            competitionId: event.competitionId,
            kind,
            name,
            mimeType: type,
            size: file.size,
            width: images.originalWidth ?? images.width,
            height: images.originalHeight ?? images.height,
            fileId: original.__id,
            previewId: preview.__id,
            displayId: display.__id,
          })
        ).data,
      'материал не записан',
    );
    this.logger.log(
      `media ${record.__id} (${kind}, ${type}, ${file.size} bytes) for event ${event.competitionId}`,
    );
    return this.organizerItem(caller, record, this.expires());
  }

  /** Tags (or untags) media of an own event to its performances, all or nothing (the platform checks both). */
  async tag(caller: Caller, competitionId: string, body: TagMediaBody): Promise<OrganizerEventMedia> {
    const event = await this.ownEvent(caller, competitionId);
    this.checkMediaOf(event, body.mediaIds);
    const entries = new Set(event.entries.map((entry) => `${entry.entryId}/${entry.programId}`));
    if (!body.entries.every((ref) => entries.has(`${ref.entryId}/${ref.programId}`))) {
      throw new ApiException(400, {
        code: 'validation_failed',
        message: 'Выступление не найдено среди заявок этого мероприятия',
        fieldErrors: { entries: ['Выберите выступления этого мероприятия'] },
      });
    }
    const action = body.action ?? 'tag';
    const tagged = await this.call(
      () =>
        this.platform.runScript('tagPhotoVideoMedia', {
          competitionId,
          mediaIds: body.mediaIds,
          entries: body.entries,
          action,
        }),
      'отметки не сохранены',
    );
    if (action === 'tag') await this.tellTagged(event, tagged.result);
    return this.organizerEvent(caller, competitionId);
  }

  /**
   * Tells each athlete whose performance got media it had not (the tags before against the platform's answer).
   * The tags are the platform's, written before this: a notice that fails to be written is logged, not the
   * organizer's error, and the next tagging that day would not repeat it.
   */
  private async tellTagged(event: EventMedia, after: readonly MediaRecord[]): Promise<void> {
    const before = new Set(
      event.media.flatMap((medium) => medium.tags.map((tag) => `${medium.__id}/${tag.entry}/${tag.program}`)),
    );
    const athletes = new Map<string, { name: string; ordered: boolean }>();
    for (const medium of after) {
      for (const tag of medium.tags) {
        if (before.has(`${medium.__id}/${tag.entry}/${tag.program}`)) continue;
        const entry = event.entries.find(
          (candidate) => candidate.entryId === tag.entry && candidate.programId === tag.program,
        );
        if (!entry) continue;
        const known = athletes.get(entry.sportsmanId);
        athletes.set(entry.sportsmanId, {
          name: entry.sportsmanName,
          ordered: (known?.ordered ?? false) || entry.sale !== null,
        });
      }
    }
    const now = this.now();
    const today = calendarDayOf(now);
    for (const [sportsmanId, athlete] of athletes) {
      const draft = mediaReady({
        competitionId: event.competitionId,
        competitionName: event.competitionName,
        sportsmanId,
        sportsmanName: athlete.name,
        ordered: athlete.ordered,
        today,
      });
      try {
        const login = await loginOf(this.db, sportsmanId);
        await this.db.transaction().execute((trx) => recordNotice(trx, draft, login, now));
      } catch (error) {
        this.logger.warn(`Notice of tagged media not written: ${String(error)}`);
      }
    }
  }

  /** Every medium named is one of the event's (the platform checks it again): else 400, nothing done. */
  private checkMediaOf(event: EventMedia, mediaIds: readonly string[]): void {
    const own = new Set(event.media.map((media) => media.__id));
    if (!mediaIds.every((id) => own.has(id))) {
      throw new ApiException(400, {
        code: 'validation_failed',
        message: 'Фото или видео не найдено среди материалов этого мероприятия',
        fieldErrors: { mediaIds: ['Выберите материалы этого мероприятия'] },
      });
    }
  }

  async remove(caller: Caller, competitionId: string, body: DeleteMediaBody): Promise<OrganizerEventMedia> {
    this.checkMediaOf(await this.ownEvent(caller, competitionId), body.mediaIds);
    await this.call(
      () => this.platform.runScript('deletePhotoVideoMedia', { competitionId, mediaIds: body.mediaIds }),
      'материалы не удалены',
    );
    return this.organizerEvent(caller, competitionId);
  }

  // ——— the athlete ———

  /**
   * The locker of one of the caller's athletes at an event: the performances bought (live sales) with their
   * media, each behind links signed now for this login and athlete. 404 for an athlete of another login and
   * for one who bought nothing there.
   */
  async locker(caller: Caller, competitionId: string, sportsmanId: string): Promise<MediaLocker> {
    if (!caller.sportsmanIds.includes(sportsmanId)) notFound();
    const locker = await this.call(
      async () => (await this.platform.runScript('getPhotoVideoLocker', { sportsmanId, competitionId })).data,
      'материалы не прочитаны',
    );
    if (locker.performances.length === 0) notFound();
    const expires = this.expires();
    const sign = (mediaId: string, variant: MediaVariant) =>
      this.fileLink(caller.loginId, sportsmanId, mediaId, variant, expires);
    const originals = new Set<string>();
    const performances = locker.performances.map(({ sale, media }) => {
      const paid = isPaid(sale);
      const kinds = kindsOf(sale);
      const items = media.map((medium): LockerItem => {
        const full = paid && kinds.includes(medium.kind);
        if (full) originals.add(medium.__id);
        return {
          id: medium.__id,
          kind: medium.kind,
          name: medium.__name,
          width: medium.width,
          height: medium.height,
          full,
          imageUrl: sign(medium.__id, full ? 'display' : 'preview'),
          fullUrl: full ? sign(medium.__id, 'full') : null,
          downloadUrl: full ? sign(medium.__id, 'download') : null,
        };
      });
      return {
        saleId: sale.__id,
        requestId: sale.request?.[0] ?? null,
        programName: sale.programName,
        package: sale.package[0] ?? { code: 'photo_video', name: 'Фото и видео' },
        status: sale.status,
        paymentStatus: sale.payment_status,
        payable: sale.payable,
        cancellable: sale.cancellable,
        items,
      };
    });
    return {
      competitionId: locker.competitionId,
      competitionName: locker.competitionName,
      dateStart: locker.dateStart,
      sportsmanId: locker.sportsmanId,
      sportsmanName: locker.sportsmanName,
      performances,
      zipUrl: originals.size > 0 ? this.zipLink(caller.loginId, competitionId, sportsmanId, expires) : null,
      zipCount: originals.size,
      linksExpireAt: new Date(expires * 1000).toISOString(),
    };
  }

  // ——— files behind signed links ———

  /**
   * A medium's file by a signed link: the preview, the unmarked image, or the original (to view or to
   * download). For an athlete's link the medium must still show that athlete. 403 for a bad link, 404 for a
   * medium that is gone.
   */
  async file(mediaId: string, variant: MediaVariant, query: Record<string, unknown>): Promise<OutgoingMedia> {
    const { subject } = await this.checkLink(query, `${mediaId}:${variant}`);
    const media = await this.call(
      async () => (await this.platform.runScript('getPhotoVideoMedia', { mediaId })).data,
      'материал не прочитан',
    );
    const organizer = !media.tags.some((tag) => tag.sportsman === subject);
    if (organizer && variant !== 'display') notFound();
    if (organizer && !(await this.organizes(subject, media.competition[0] ?? ''))) notFound();
    const original = variant === 'full' || variant === 'download';
    const fileId = (original ? media.file : variant === 'display' ? media.display : media.preview)[0];
    if (!fileId) notFound();
    const opened = await this.call(() => this.platform.openFile(fileId as string), 'файл не получен');
    if (opened === null) return notFound();
    const type = original ? media.mime_type : 'image/jpeg';
    const stem = media.__name.replace(/\.[^.]+$/, '');
    return {
      contentType: type,
      fileName: original ? media.__name : `${stem}.jpg`,
      attachment: variant === 'download',
      contentLength: opened.contentLength,
      body: opened.body,
      maxAge: Math.max(0, Number(query['e']) - Math.floor(this.now() / 1000)),
    };
  }

  private async organizes(organizationId: string, competitionId: string): Promise<boolean> {
    try {
      const event = await this.platform.runScript('getEventById', { id: competitionId });
      return event.data.organizer.includes(organizationId);
    } catch {
      return false;
    }
  }

  /**
   * «Скачать всё»: every original the athlete may have at the event, as one zip written while it is sent
   * (each file read from the platform only when the archive reaches it; nothing of the set is kept).
   */
  async zip(
    competitionId: string,
    sportsmanId: string,
    query: Record<string, unknown>,
  ): Promise<OutgoingMedia> {
    const { subject } = await this.checkLink(query, `zip:${competitionId}`);
    if (subject !== sportsmanId) badLink();
    const locker = await this.call(
      async () => (await this.platform.runScript('getPhotoVideoLocker', { sportsmanId, competitionId })).data,
      'материалы не прочитаны',
    );
    const entries: Array<{ media: MediaRecord; folder: string }> = [];
    const seen = new Set<string>();
    for (const { sale, media } of locker.performances) {
      if (!isPaid(sale)) continue;
      for (const medium of media) {
        if (!kindsOf(sale).includes(medium.kind) || seen.has(medium.__id)) continue;
        seen.add(medium.__id);
        entries.push({ media: medium, folder: zipName(sale.programName) });
      }
    }
    if (entries.length === 0) notFound();
    if (entries.reduce((sum, entry) => sum + entry.media.size, 0) > ZIP_MAX_BYTES) {
      throw new ApiException(413, {
        code: mediaErrorCodes.fileTooLarge,
        message: 'Архив больше 4 ГБ: скачайте файлы по одному',
      });
    }
    const platform = this.platform;
    const files: ZipEntry[] = entries.map(({ media, folder }, index) => ({
      name: `${folder}/${String(index + 1).padStart(2, '0')}-${zipName(media.__name.replace(/\.[^.]+$/, ''))}.${
        (MEDIA_EXTENSIONS as Readonly<Record<string, string | undefined>>)[media.mime_type] ?? 'bin'
      }`,
      modified: new Date(media.__createdAt),
      open: async () => {
        const opened = await platform.openFile(media.file[0] ?? '');
        if (opened === null) throw new Error(`media ${media.__id}: its file is gone`);
        return opened.body;
      },
    }));
    return {
      contentType: 'application/zip',
      fileName: `${zipName(`Фото и видео — ${locker.sportsmanName} — ${locker.competitionName}`)}.zip`,
      attachment: true,
      contentLength: null,
      body: zipStream(files),
      maxAge: 0,
    };
  }
}
