import { federation } from '@fed/contracts';

/**
 * What the portal says about the federation that runs it: names, contacts, legal details.
 * Content of this deployment, not data from the platform; the name is the one the platform's documents use.
 */
export const site = {
  name: federation.name,
  shortName: federation.shortName,
  supportUrl: 'https://t.me/fke_support',
  email: federation.email,
  socialUrl: 'https://vk.com/fke_sport',
  companyDetails:
    'ООО «ФКЕ-Сервис», ОГРН 1207700000001, ИНН 7700000001, 119048, г. Москва, ул. Спортивная, д. 1',
  insurerNotice:
    'Страхование спортсменов от несчастных случаев осуществляет АО «Страховая компания „Надёжный тыл“» (лицензия Банка России СИ № 0000 от 01.02.2021).',
} as const;
