import type {
  LockerItem,
  MediaLocker,
  OrganizerEventMedia,
  PhotoVideoOffer,
  PhotoVideoSale,
} from '@fed/contracts';
import { testClock } from '@fed/auth-session/testing';

const rub = (roubles: number) => ({ cents: roubles * 100, currency: 'RUB' });

/** A sale as the platform answers it: the kata of the son, photos, ordered and unpaid, unless overridden. */
export function saleFixture(overrides: Partial<PhotoVideoSale> = {}): PhotoVideoSale {
  return {
    __id: 'sale-1',
    __name: 'Фото: Соколов Матвей — Ката',
    __createdAt: '2026-11-20T09:00:00.000Z',
    __updatedAt: '2026-11-20T09:00:00.000Z',
    sportsman: ['son-1'],
    competition: ['cup-1'],
    request: ['req-1'],
    entry: ['entry-1'],
    program: ['kata'],
    package: [{ code: 'photo', name: 'Фото' }],
    price: rub(600),
    status: 'ordered',
    competitionName: 'Кубок СК «Сэнсэй» среди юношей',
    competitionDate: '2026-12-06T07:00:00.000Z',
    sportsmanName: 'Соколов Матвей Андреевич',
    programName: 'Ката, 12–13 лет',
    payment_status: 'unpaid',
    payable: true,
    editable: true,
    cancellable: true,
    ...overrides,
  };
}

/** The son's two performances at the cup, nothing ordered, at the cup's prices. */
export function offerFixture(overrides: Partial<PhotoVideoOffer> = {}): PhotoVideoOffer {
  return {
    competitionId: 'cup-1',
    competitionName: 'Кубок СК «Сэнсэй» среди юношей',
    dateStart: '2026-12-06T07:00:00.000Z',
    dateEnd: '2026-12-06T15:00:00.000Z',
    sportsmanId: 'son-1',
    sportsmanName: 'Соколов Матвей Андреевич',
    photoVideoSale: true,
    prices: [
      { code: 'photo', name: 'Фото', price: rub(600) },
      { code: 'video', name: 'Видео', price: rub(1000) },
      { code: 'photo_video', name: 'Фото и видео', price: rub(1400) },
    ],
    performances: [
      { entryId: 'entry-1', programId: 'kata', programName: 'Ката, 12–13 лет', sale: null },
      { entryId: 'entry-1', programId: 'kumite', programName: 'Кумитэ, юноши −45 кг', sale: null },
    ],
    reasons: [],
    ...overrides,
  };
}

export function lockerItemFixture(id: string, overrides: Partial<LockerItem> = {}): LockerItem {
  return {
    id,
    kind: 'photo',
    name: `${id}.png`,
    width: 900,
    height: 600,
    full: false,
    imageUrl: `/api/media/files/${id}/preview?s=1`,
    fullUrl: null,
    downloadUrl: null,
    ...overrides,
  };
}

/** The son's locker at the cup: the kata with three photos and a video, unpaid unless overridden. */
export function lockerFixture(paid = false): MediaLocker {
  const item = (id: string, kind: 'photo' | 'video' = 'photo') =>
    lockerItemFixture(id, {
      kind,
      full: paid,
      imageUrl: `/api/media/files/${id}/${paid ? 'display' : 'preview'}?s=1`,
      fullUrl: paid ? `/api/media/files/${id}/full?s=1` : null,
      downloadUrl: paid ? `/api/media/files/${id}/download?s=1` : null,
    });
  return {
    competitionId: 'cup-1',
    competitionName: 'Кубок СК «Сэнсэй» среди юношей',
    dateStart: '2026-12-06T07:00:00.000Z',
    sportsmanId: 'son-1',
    sportsmanName: 'Соколов Матвей Андреевич',
    performances: [
      {
        saleId: 'sale-1',
        requestId: 'req-1',
        programName: 'Ката, 12–13 лет',
        package: { code: 'photo_video', name: 'Фото и видео' },
        status: paid ? 'paid' : 'ordered',
        paymentStatus: paid ? 'paid' : 'unpaid',
        payable: !paid,
        cancellable: true,
        items: [item('m1'), item('m2'), item('m3'), item('m4', 'video')],
      },
    ],
    zipUrl: paid ? '/api/media/zip/cup-1/son-1?s=1' : null,
    zipCount: paid ? 4 : 0,
    // Signed for a quarter of an hour from the clock the page is rendered on.
    linksExpireAt: new Date(testClock.now() + 15 * 60_000).toISOString(),
  };
}

export function organizerMediaFixture(): OrganizerEventMedia {
  return {
    competitionId: 'cup-1',
    competitionName: 'Кубок СК «Сэнсэй» среди юношей',
    dateStart: '2026-12-06T07:00:00.000Z',
    photoVideoSale: true,
    entries: [
      {
        entryId: 'entry-1',
        sportsmanId: 'son-1',
        sportsmanName: 'Соколов Матвей Андреевич',
        programId: 'kata',
        programName: 'Ката, 12–13 лет',
        sale: { saleId: 'sale-1', package: { code: 'photo', name: 'Фото' }, status: 'paid', paid: true },
        tagged: { photos: 0, videos: 0 },
      },
      {
        entryId: 'entry-2',
        sportsmanId: 'sp-2',
        sportsmanName: 'Иванов Пётр',
        programId: 'kata',
        programName: 'Ката, 12–13 лет',
        sale: null,
        tagged: { photos: 0, videos: 0 },
      },
    ],
    media: [
      {
        id: 'm1',
        kind: 'photo',
        name: 'Старт.png',
        mimeType: 'image/png',
        size: 1000,
        width: 900,
        height: 600,
        createdAt: '2026-12-06T10:00:00.000Z',
        imageUrl: '/api/media/files/m1/display?s=1',
        tags: [],
      },
    ],
  };
}
