import { publicConfig } from '@fed/api-client';

export interface NavLink {
  to: string;
  label: string;
}

const federationLink = (): NavLink => ({
  to: `/profile/${publicConfig().federationProfileId}`,
  label: 'Федерация',
});

/** Guest header links (spec §2 "Layouts"); the federation link is the fixed /profile/{id}. */
export const guestNavLinks = (): readonly NavLink[] => [
  { to: '/', label: 'Главная' },
  { to: '/competitions', label: 'Мероприятия' },
  federationLink(),
  { to: '/sportsmen', label: 'Спортсмены' },
  { to: '/organizations', label: 'Организации' },
];

/** Side bar of the signed-in layout (spec §2): the personal cabinet first; Help is the support channel. */
export const signedInNavLinks = (): readonly NavLink[] => [
  { to: '/profile', label: 'Личный кабинет' },
  { to: '/competitions', label: 'Мероприятия' },
  federationLink(),
  { to: '/sportsmen', label: 'Спортсмены' },
  { to: '/organizations', label: 'Организации' },
];
