import type { AddressListTexts } from '../components/address-list-results/address-list-results';

/** A list of clubs, as the kit's list specs and stories show one. */
export interface Club {
  id: string;
  name: string;
}

export const clubs: readonly Club[] = [
  { id: '1', name: 'СК «Волна»' },
  { id: '2', name: 'Клуб «Старт»' },
  { id: '3', name: 'ДЮСШ № 2' },
];

export const clubListTexts: AddressListTexts = {
  heading: 'Список организаций',
  pagerLabel: 'Страницы списка организаций',
  loading: 'Загрузка организаций…',
  found: (total) => `Найдено: ${total}`,
  errorTitle: 'Не удалось загрузить организации',
  emptyTitle: 'Организации не найдены',
  emptyText: 'В реестре федерации пока нет организаций.',
};
