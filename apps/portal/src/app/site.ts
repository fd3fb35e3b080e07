/**
 * What the portal says about the federation that runs it: names, contacts, legal details.
 * Content of this deployment, not data from the platform.
 */
export const site = {
  name: 'Федерация контактных единоборств',
  shortName: 'ФКЕ',
  supportUrl: 'https://t.me/fke_support',
  email: 'info@fke-sport.example',
  socialUrl: 'https://vk.com/fke_sport',
  companyDetails:
    'ООО «ФКЕ-Сервис», ОГРН 1207700000001, ИНН 7700000001, 119048, г. Москва, ул. Спортивная, д. 1',
  insurerNotice:
    'Страхование спортсменов от несчастных случаев осуществляет АО «Страховая компания „Надёжный тыл“» (лицензия Банка России СИ № 0000 от 01.02.2021).',
} as const;
