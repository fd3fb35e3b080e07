import type { AddressListTexts, ListTexts } from '@fed/ui-kit';
import { athletesCount, organizationsCount } from './registry-people';

/**
 * What a list of one kind says in each of its states, wherever it stands: on its directory page or under a
 * profile's section. Each kind's words are written here once; a section's variant takes what it shares with its
 * directory from the directory's, so the two cannot drift apart.
 */
export const athleteListTexts: AddressListTexts = {
  loading: 'Загрузка спортсменов…',
  errorTitle: 'Не удалось загрузить спортсменов',
  pagerLabel: 'Страницы списка спортсменов',
  heading: 'Список спортсменов',
  found: (total) => `Найдено ${athletesCount(total)}`,
  emptyTitle: 'Спортсмены не найдены',
  emptyText: 'В реестре федерации пока нет спортсменов.',
};

/** A club's athletes on its page: the pager and the failure name the club, and none is «yet», not «not found». */
export const clubAthleteListTexts: ListTexts = {
  loading: athleteListTexts.loading,
  errorTitle: 'Не удалось загрузить спортсменов клуба',
  pagerLabel: 'Страницы списка спортсменов клуба',
  emptyTitle: 'В клубе пока нет спортсменов.',
};

export const organizationListTexts: AddressListTexts = {
  loading: 'Загрузка организаций…',
  errorTitle: 'Не удалось загрузить организации',
  pagerLabel: 'Страницы списка организаций',
  heading: 'Список организаций',
  found: (total) => `Найдено: ${organizationsCount(total)}`,
  emptyTitle: 'Организации не найдены',
  emptyText: 'В реестре федерации пока нет организаций.',
};

/** A federation's organizations on its page: none is «yet», not «not found». */
export const federationOrganizationListTexts: ListTexts = {
  loading: organizationListTexts.loading,
  errorTitle: organizationListTexts.errorTitle,
  pagerLabel: organizationListTexts.pagerLabel,
  emptyTitle: 'Организаций пока нет.',
};

/** What a directory list shows a card of: a platform record. */
export interface RegistryItem {
  __id: string;
}

/** A directory card's key in its list: the record's id. */
export const registryItemKey = (item: RegistryItem) => item.__id;
