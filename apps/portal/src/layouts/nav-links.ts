import { publicConfig } from '@fed/api-client';

export interface NavLink {
  to: string;
  label: string;
}

/** Guest header links (spec §2 "Layouts"); the federation link is the fixed /profile/{id}. */
export const guestNavLinks = (): readonly NavLink[] => [
  { to: '/', label: 'Главная' },
  { to: '/competitions', label: 'Мероприятия' },
  { to: `/profile/${publicConfig().federationProfileId}`, label: 'Федерация' },
  { to: '/sportsmen', label: 'Спортсмены' },
  { to: '/organizations', label: 'Организации' },
];
