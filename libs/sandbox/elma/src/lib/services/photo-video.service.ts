import { Inject, Injectable } from '@nestjs/common';
import {
  photoVideoPackageNames,
  photoVideoPackages,
  platformApps,
  type ElmaMoney,
  type EventMedia,
  type MediaRecord,
  type PhotoVideoLocker,
  type PhotoVideoOffer,
  type PhotoVideoPackage,
  type PhotoVideoPrice,
  type PhotoVideoSale,
  type PlatformScriptArgs,
  type RequestRecord,
  type SaleRecord,
  type SaleStatus,
} from '@fed/contracts';
import { ElmaError } from '../core/elma-error';
import { ELMA_TWIN_OPTIONS, type ResolvedElmaTwinOptions } from '../core/elma-options';
import { ElmaStore } from '../core/elma-store';
import { ItemsRepository, type StoredItem } from '../core/items.repository';
import { ACTIVE_STATES_SQL, firstId } from './request-facts';
import { RequestsService } from './requests.service';
import { systemFieldsOf } from './views';

/** The platform's price list for events that set none (`photo_video_prices`), in roubles. */
export const DEFAULT_PHOTO_VIDEO_PRICES: Record<PhotoVideoPackage, number> = {
  photo: 500,
  video: 900,
  photo_video: 1200,
};

/** Sales that still stand: ordered, paid, or delivered. */
const LIVE_SALE_STATUSES: readonly SaleStatus[] = ['ordered', 'paid', 'delivered'];
const LIVE_SALES_SQL = `(${LIVE_SALE_STATUSES.map((status) => `'${status}'`).join(', ')})`;

interface TagRow {
  media_id: string;
  entry_id: string;
  program_id: string;
  sportsman_id: string;
}

/**
 * Photo and video of one's own performances: sales (one performance each, paid by its own `photo_video`
 * request through the api's orders) and the organizer's media, tagged to performances in `media_tags`.
 */
@Injectable()
export class PhotoVideoService {
  constructor(
    private readonly items: ItemsRepository,
    private readonly store: ElmaStore,
    private readonly requests: RequestsService,
    @Inject(ELMA_TWIN_OPTIONS) private readonly options: ResolvedElmaTwinOptions,
  ) {}

  private now(): Date {
    return this.options.now();
  }

  // ——— prices and performances ———

  prices(competition: StoredItem): PhotoVideoPrice[] {
    const own = competition['photo_video_prices'] as Record<PhotoVideoPackage, ElmaMoney> | null | undefined;
    return photoVideoPackages.map((code) => ({
      code,
      name: photoVideoPackageNames[code],
      price: own?.[code] ?? { cents: DEFAULT_PHOTO_VIDEO_PRICES[code] * 100, currency: 'RUB' },
    }));
  }

  private competition(id: string): StoredItem {
    return this.items.require(platformApps.competitions, id, 'Мероприятие');
  }

  /** Live competition requests (entries) to an event, of one athlete or of everyone. */
  private entries(competitionId: string, sportsmanId?: string): Array<RequestRecord & StoredItem> {
    const params: unknown[] = [platformApps.requests, competitionId];
    if (sportsmanId) params.push(sportsmanId);
    return this.items.query<RequestRecord & StoredItem>(
      `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
         AND json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.nomenclature_type') = 'competition'
         AND json_extract(data, '$.requestState') IN ${ACTIVE_STATES_SQL}
         ${sportsmanId ? "AND json_extract(data, '$.sportsman[0]') = ?" : ''}
       ORDER BY items.created_at, items.seq`,
      params,
    );
  }

  private programNames(ids: readonly string[]): Map<string, string> {
    return new Map(
      this.items.getMany(platformApps.programs, ids).map((program) => [program.__id, program.__name]),
    );
  }

  /** Live sales of an event, of one athlete or of everyone. */
  private liveSales(competitionId: string, sportsmanId?: string): Array<SaleRecord & StoredItem> {
    const params: unknown[] = [platformApps.sales, competitionId];
    if (sportsmanId) params.push(sportsmanId);
    return this.items.query<SaleRecord & StoredItem>(
      `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
         AND json_extract(data, '$.competition[0]') = ? AND json_extract(data, '$.status') IN ${LIVE_SALES_SQL}
         ${sportsmanId ? "AND json_extract(data, '$.sportsman[0]') = ?" : ''}
       ORDER BY items.created_at, items.seq`,
      params,
    );
  }

  private performanceKey(entryId: string | undefined, programId: string | undefined): string {
    return `${entryId ?? ''}/${programId ?? ''}`;
  }

  /** A sale as its athlete sees it. */
  saleView(sale: SaleRecord & StoredItem): PhotoVideoSale {
    const competitionId = firstId(sale.competition);
    const competition = competitionId ? this.items.get(platformApps.competitions, competitionId) : undefined;
    const sportsmanId = firstId(sale.sportsman);
    const sportsman = sportsmanId ? this.items.get(platformApps.sportsman, sportsmanId, true) : undefined;
    const programId = firstId(sale.program);
    const program = programId ? this.items.get(platformApps.programs, programId) : undefined;
    const requestId = firstId(sale.request);
    const request = requestId ? this.items.get(platformApps.requests, requestId) : undefined;
    const paymentStatus =
      (request?.['payment_status'] as RequestRecord['payment_status'] | undefined) ?? 'unpaid';
    const dateStart = (competition?.['date_start'] as string | undefined) ?? null;
    const started = dateStart !== null && this.now().getTime() >= new Date(dateStart).getTime();
    return {
      ...sale,
      competitionName: competition?.__name ?? 'Мероприятие удалено',
      competitionDate: dateStart,
      sportsmanName: sportsman?.__name ?? '',
      programName: program?.__name ?? 'Все выступления',
      payment_status: paymentStatus,
      payable: request ? this.requests.view(request).payable === true : false,
      editable: sale.status === 'ordered' && paymentStatus === 'unpaid',
      cancellable: sale.status === 'ordered' || (sale.status === 'paid' && !started),
    };
  }

  // ——— the athlete's side ———

  offer(input: PlatformScriptArgs<'getPhotoVideoOffer'>): PhotoVideoOffer {
    const competition = this.competition(input.competitionId);
    const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
    const entries = this.entries(competition.__id, sportsman.__id);
    const names = this.programNames(entries.flatMap((entry) => entry.programs ?? []));
    const sales = new Map(
      this.liveSales(competition.__id, sportsman.__id).map((sale) => [
        this.performanceKey(firstId(sale.entry), firstId(sale.program)),
        sale,
      ]),
    );
    const performances = entries.flatMap((entry) =>
      (entry.programs ?? []).map((programId) => {
        const sale = sales.get(this.performanceKey(entry.__id, programId));
        return {
          entryId: entry.__id,
          programId,
          programName: names.get(programId) ?? 'Программа удалена',
          sale: sale ? this.saleView(sale) : null,
        };
      }),
    );
    const sells = competition['photo_video_sale'] === true;
    const reasons = [
      ...(sells ? [] : ['На этом мероприятии фото и видео не продаются']),
      ...(performances.length > 0 ? [] : ['Спортсмен не заявлен на это мероприятие: заказывать нечего']),
    ];
    return {
      competitionId: competition.__id,
      competitionName: competition.__name,
      dateStart: competition['date_start'] as string,
      dateEnd: competition['date_end'] as string,
      sportsmanId: sportsman.__id,
      sportsmanName: sportsman.__name,
      photoVideoSale: sells,
      prices: this.prices(competition),
      performances,
      reasons,
    };
  }

  /** One sale and its accepted, unpaid request per performance. */
  createSales(input: PlatformScriptArgs<'createPhotoVideoSales'>): PhotoVideoSale[] {
    return this.items.transaction(() => {
      const competition = this.competition(input.competitionId);
      if (competition['photo_video_sale'] !== true) {
        throw ElmaError.badRequest('На этом мероприятии фото и видео не продаются');
      }
      const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
      const entries = new Map(
        this.entries(competition.__id, sportsman.__id).map((entry) => [entry.__id, entry]),
      );
      const taken = new Set(
        this.liveSales(competition.__id, sportsman.__id).map((sale) =>
          this.performanceKey(firstId(sale.entry), firstId(sale.program)),
        ),
      );
      const prices = new Map(this.prices(competition).map((price) => [price.code, price]));
      const seen = new Set<string>();
      const names = this.programNames(input.items.map((item) => item.programId));
      const created: PhotoVideoSale[] = [];
      for (const item of input.items) {
        const key = this.performanceKey(item.entryId, item.programId);
        const entry = entries.get(item.entryId);
        if (!entry || !(entry.programs ?? []).includes(item.programId)) {
          throw ElmaError.badRequest('Выступление не найдено: спортсмен не заявлен в этой программе');
        }
        if (seen.has(key)) throw ElmaError.badRequest('Выступление указано дважды');
        seen.add(key);
        if (taken.has(key)) {
          throw ElmaError.badRequest(
            `«${names.get(item.programId) ?? 'Выступление'}»: уже заказано — измените или отмените тот заказ`,
          );
        }
        const price = prices.get(item.package) as PhotoVideoPrice;
        const at = this.now().toISOString();
        const programName = names.get(item.programId) ?? '';
        const request = this.items.insert(platformApps.requests, {
          name: `Фото и видео: ${sportsman.__name} — ${competition.__name}`,
          fields: {
            sportsman: [sportsman.__id],
            competition: [competition.__id],
            programs: [item.programId],
            requestState: 'approved',
            nomenclature_type: 'photo_video',
            payment_status: 'unpaid',
            fee: price.price,
            state_history: [
              { from: null, to: 'new', at, reason: null },
              { from: 'new', to: 'under_review', at, reason: null },
              { from: 'under_review', to: 'approved', at, reason: null },
            ],
          },
        });
        const sale = this.items.insert(platformApps.sales, {
          name: `${price.name}: ${sportsman.__name} — ${programName}`,
          fields: {
            sportsman: [sportsman.__id],
            competition: [competition.__id],
            request: [request.__id],
            entry: [entry.__id],
            program: [item.programId],
            package: [{ code: price.code, name: price.name }],
            price: price.price,
            status: 'ordered',
          },
        }) as SaleRecord & StoredItem;
        created.push(this.saleView(sale));
      }
      return created;
    });
  }

  private sale(id: string): SaleRecord & StoredItem {
    return this.items.require(platformApps.sales, id, 'Продажа') as SaleRecord & StoredItem;
  }

  getSale(saleId: string): PhotoVideoSale {
    return this.saleView(this.sale(saleId));
  }

  updateSale(input: PlatformScriptArgs<'updatePhotoVideoSale'>): PhotoVideoSale {
    return this.items.transaction(() => {
      const sale = this.sale(input.saleId);
      const view = this.saleView(sale);
      if (!view.editable) {
        throw ElmaError.badRequest(
          sale.status === 'cancelled' ? 'Заказ отменён' : 'Заказ оплачен: пакет уже не изменить',
        );
      }
      const competition = this.competition(firstId(sale.competition) ?? '');
      const price = this.prices(competition).find((entry) => entry.code === input.package) as PhotoVideoPrice;
      const programName = view.programName;
      const updated = this.items.update(platformApps.sales, sale.__id, {
        name: `${price.name}: ${view.sportsmanName} — ${programName}`,
        fields: { package: [{ code: price.code, name: price.name }], price: price.price },
      }) as SaleRecord & StoredItem;
      const requestId = firstId(sale.request);
      if (requestId) this.items.update(platformApps.requests, requestId, { fields: { fee: price.price } });
      return this.saleView(updated);
    });
  }

  // ——— media (server only: the api) ———

  private tagsOf(mediaIds: readonly string[]): Map<string, TagRow[]> {
    const byMedia = new Map<string, TagRow[]>(mediaIds.map((id) => [id, []]));
    if (mediaIds.length === 0) return byMedia;
    const rows = this.store.db
      .prepare(
        `SELECT media_id, entry_id, program_id, sportsman_id FROM media_tags
           WHERE media_id IN (${mediaIds.map(() => '?').join(', ')}) ORDER BY tagged_at, entry_id, program_id`,
      )
      .all(...mediaIds) as TagRow[];
    for (const row of rows) byMedia.get(row.media_id)?.push(row);
    return byMedia;
  }

  private mediaView(item: StoredItem, tags: readonly TagRow[]): MediaRecord {
    return {
      ...systemFieldsOf(item),
      competition: (item['competition'] as string[]) ?? [],
      kind: item['kind'] as MediaRecord['kind'],
      mime_type: item['mime_type'] as string,
      size: item['size'] as number,
      width: (item['width'] as number | undefined) ?? null,
      height: (item['height'] as number | undefined) ?? null,
      file: item['file'] as string[],
      preview: item['preview'] as string[],
      display: item['display'] as string[],
      tags: tags.map((tag) => ({
        entry: tag.entry_id,
        program: tag.program_id,
        sportsman: tag.sportsman_id,
      })),
    };
  }

  private mediaOf(competitionId: string): MediaRecord[] {
    const media = this.items.query<StoredItem>(
      `SELECT ${ItemsRepository.columns} FROM items WHERE app = ? AND deleted_at IS NULL
         AND json_extract(data, '$.competition[0]') = ? ORDER BY items.created_at, items.seq`,
      [platformApps.media, competitionId],
    );
    const tags = this.tagsOf(media.map((item) => item.__id));
    return media.map((item) => this.mediaView(item, tags.get(item.__id) ?? []));
  }

  addMedia(input: PlatformScriptArgs<'addPhotoVideoMedia'>): MediaRecord {
    const competition = this.competition(input.competitionId);
    for (const id of [input.fileId, input.previewId, input.displayId]) {
      if (!this.items.scalar('SELECT count(*) FROM files WHERE id = ?', [id])) {
        throw ElmaError.badRequest(`Файл ${id} не найден на диске`);
      }
    }
    const item = this.items.insert(platformApps.media, {
      name: input.name,
      fields: {
        competition: [competition.__id],
        kind: input.kind,
        mime_type: input.mimeType,
        size: input.size,
        ...(input.width === null ? {} : { width: input.width }),
        ...(input.height === null ? {} : { height: input.height }),
        file: [input.fileId],
        preview: [input.previewId],
        display: [input.displayId],
      },
    });
    return this.mediaView(item, []);
  }

  getMedia(mediaId: string): MediaRecord {
    const item = this.items.require(platformApps.media, mediaId, 'Материал');
    return this.mediaView(item, this.tagsOf([mediaId]).get(mediaId) ?? []);
  }

  eventMedia(competitionId: string): EventMedia {
    const competition = this.competition(competitionId);
    const entries = this.entries(competition.__id);
    const names = this.programNames([...new Set(entries.flatMap((entry) => entry.programs ?? []))]);
    const athletes = new Map(
      this.items
        .getMany(platformApps.sportsman, [...new Set(entries.map((entry) => firstId(entry.sportsman) ?? ''))])
        .map((athlete) => [athlete.__id, athlete.__name]),
    );
    const sales = new Map(
      this.liveSales(competition.__id).map((sale) => [
        this.performanceKey(firstId(sale.entry), firstId(sale.program)),
        sale,
      ]),
    );
    return {
      competitionId: competition.__id,
      competitionName: competition.__name,
      dateStart: competition['date_start'] as string,
      organizer: (competition['organizer'] as string[]) ?? [],
      photoVideoSale: competition['photo_video_sale'] === true,
      entries: entries.flatMap((entry) =>
        (entry.programs ?? []).map((programId) => {
          const sportsmanId = firstId(entry.sportsman) ?? '';
          const sale = sales.get(this.performanceKey(entry.__id, programId));
          const paid = sale
            ? this.items.get(platformApps.requests, firstId(sale.request) ?? '')?.['payment_status'] ===
              'paid'
            : false;
          return {
            entryId: entry.__id,
            sportsmanId,
            sportsmanName: athletes.get(sportsmanId) ?? '',
            programId,
            programName: names.get(programId) ?? 'Программа удалена',
            sale: sale
              ? {
                  saleId: sale.__id,
                  package: sale.package[0] ?? { code: 'photo_video', name: 'Фото и видео' },
                  status: sale.status,
                  paid,
                }
              : null,
          };
        }),
      ),
      media: this.mediaOf(competition.__id),
    };
  }

  /** Tags or untags media of an event to its performances: all or nothing. */
  tag(input: PlatformScriptArgs<'tagPhotoVideoMedia'>): MediaRecord[] {
    return this.items.transaction(() => {
      const competition = this.competition(input.competitionId);
      const media = this.items.getMany(platformApps.media, input.mediaIds);
      const foreign = input.mediaIds.filter(
        (id) => !media.some((item) => item.__id === id && firstId(item['competition']) === competition.__id),
      );
      if (foreign.length > 0)
        throw ElmaError.badRequest('Материал не найден среди материалов этого мероприятия');
      const entries = new Map(this.entries(competition.__id).map((entry) => [entry.__id, entry]));
      const at = this.now().toISOString();
      for (const ref of input.entries) {
        const entry = entries.get(ref.entryId);
        if (!entry || !(entry.programs ?? []).includes(ref.programId)) {
          throw ElmaError.badRequest('Выступление не найдено среди заявок этого мероприятия');
        }
        for (const mediaId of input.mediaIds) {
          if (input.action === 'untag') {
            this.store.db
              .prepare('DELETE FROM media_tags WHERE media_id = ? AND entry_id = ? AND program_id = ?')
              .run(mediaId, ref.entryId, ref.programId);
          } else {
            this.store.db
              .prepare(
                `INSERT OR IGNORE INTO media_tags (media_id, competition_id, entry_id, program_id, sportsman_id, tagged_at)
                   VALUES (?, ?, ?, ?, ?, ?)`,
              )
              .run(mediaId, competition.__id, ref.entryId, ref.programId, firstId(entry.sportsman) ?? '', at);
          }
        }
      }
      const tags = this.tagsOf(input.mediaIds);
      return media.map((item) => this.mediaView(item, tags.get(item.__id) ?? []));
    });
  }

  deleteMedia(input: PlatformScriptArgs<'deletePhotoVideoMedia'>): string[] {
    return this.items.transaction(() => {
      const media = this.items.getMany(platformApps.media, input.mediaIds);
      const removed: string[] = [];
      for (const item of media) {
        if (firstId(item['competition']) !== input.competitionId) continue;
        this.items.update(platformApps.media, item.__id, { fields: {}, deletedAt: this.now().toISOString() });
        this.store.db.prepare('DELETE FROM media_tags WHERE media_id = ?').run(item.__id);
        removed.push(item.__id);
      }
      return removed;
    });
  }

  /** An athlete's live sales at an event, each with the media tagged to its performance. */
  locker(input: PlatformScriptArgs<'getPhotoVideoLocker'>): PhotoVideoLocker {
    const competition = this.competition(input.competitionId);
    const sportsman = this.items.require(platformApps.sportsman, input.sportsmanId, 'Спортсмен');
    const sales = this.liveSales(competition.__id, sportsman.__id);
    const rows = this.store.db
      .prepare(
        'SELECT media_id, entry_id, program_id, sportsman_id FROM media_tags WHERE competition_id = ? AND sportsman_id = ?',
      )
      .all(competition.__id, sportsman.__id) as TagRow[];
    const mediaIds = [...new Set(rows.map((row) => row.media_id))];
    const media = new Map(this.items.getMany(platformApps.media, mediaIds).map((item) => [item.__id, item]));
    const tags = this.tagsOf(mediaIds);
    return {
      competitionId: competition.__id,
      competitionName: competition.__name,
      dateStart: competition['date_start'] as string,
      sportsmanId: sportsman.__id,
      sportsmanName: sportsman.__name,
      performances: sales.map((sale) => {
        const entryId = firstId(sale.entry);
        const programId = firstId(sale.program);
        const shown = rows
          .filter((row) => row.entry_id === entryId && row.program_id === programId)
          .flatMap((row) => {
            const item = media.get(row.media_id);
            return item ? [this.mediaView(item, tags.get(item.__id) ?? [])] : [];
          })
          .sort((a, b) => a.__createdAt.localeCompare(b.__createdAt));
        return { sale: this.saleView(sale), media: shown };
      }),
    };
  }
}
