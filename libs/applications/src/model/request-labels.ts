import type { NomenclatureType, PaymentStatus } from '@fed/contracts';

/** How the portal names payment statuses (`paymentStatuses` of the contracts), in the filter and on a card. */
export const paymentStatusNames: Record<PaymentStatus, string> = {
  paid: 'Оплачена',
  unpaid: 'Не оплачена',
  refunded: 'Возвращены деньги',
};

/** How the portal names kinds of requests (`nomenclatureTypes` of the contracts). */
export const nomenclatureTypeNames: Record<NomenclatureType, string> = {
  competition: 'Соревнования',
  photo_video: 'Фото и видео',
  membership: 'Членство',
};
