import { sandboxPublicConfig } from '@fed/contracts';

export interface NavLink {
  to: string;
  label: string;
}

/** Guest header links (spec §2 "Layouts"); the federation link is the fixed /profile/{id}. */
export const guestNavLinks: readonly NavLink[] = [
  { to: '/', label: 'Главная' },
  { to: '/competitions', label: 'Мероприятия' },
  { to: `/profile/${sandboxPublicConfig.federationProfileId}`, label: 'Федерация' },
  { to: '/sportsmen', label: 'Спортсмены' },
  { to: '/organizations', label: 'Организации' },
];
