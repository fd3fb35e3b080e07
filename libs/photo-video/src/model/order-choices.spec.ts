import type { PhotoVideoPerformance, PhotoVideoPrice, PhotoVideoSale } from '@fed/contracts';
import { describe, expect, it } from 'vitest';
import { initialChoices, planOrder } from './order-choices';

const prices: PhotoVideoPrice[] = [
  { code: 'photo', name: 'Фото', price: { cents: 60_000, currency: 'RUB' } },
  { code: 'video', name: 'Видео', price: { cents: 100_000, currency: 'RUB' } },
  { code: 'photo_video', name: 'Фото и видео', price: { cents: 140_000, currency: 'RUB' } },
];

const sale = (id: string, code: string, editable: boolean) =>
  ({
    __id: id,
    request: [`req-${id}`],
    package: [{ code, name: code }],
    editable,
  }) as unknown as PhotoVideoSale;

const performances: PhotoVideoPerformance[] = [
  { entryId: 'e1', programId: 'kata', programName: 'Ката', sale: null },
  { entryId: 'e1', programId: 'kumite', programName: 'Кумитэ', sale: sale('s1', 'photo', true) },
  { entryId: 'e1', programId: 'team', programName: 'Команда', sale: sale('s2', 'video', true) },
  { entryId: 'e1', programId: 'paid', programName: 'Оплачено', sale: sale('s3', 'photo', false) },
];

describe('the photo/video order plan', () => {
  it('starts from what each open sale holds, and nothing for the rest', () => {
    expect(initialChoices(performances)).toEqual({
      'e1/kata': '',
      'e1/kumite': 'photo',
      'e1/team': 'video',
      'e1/paid': '',
    });
  });

  it('creates the new, changes the changed, cancels the dropped, keeps the rest and counts the total', () => {
    const plan = planOrder(
      performances,
      { 'e1/kata': 'photo_video', 'e1/kumite': 'video', 'e1/team': '', 'e1/paid': 'video' },
      prices,
    );
    expect(plan).toEqual({
      create: [{ entryId: 'e1', programId: 'kata', package: 'photo_video' }],
      change: [{ saleId: 's1', package: 'video' }],
      cancel: ['s2'],
      keep: ['req-s1'],
      total: 240_000,
    });
  });
});
