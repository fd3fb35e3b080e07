/**
 * The federation this portal belongs to, named once: the site (header, footer, home page, titles) and the
 * platform twin's demo data (its profile, the offer documents) read the same name, so a visitor never meets
 * two federations.
 */
export const federation = {
  name: 'Федерация контактных единоборств',
  /** Titles and tight places: «… — ФКЕ». */
  shortName: 'ФКЕ',
  /** The name in contracts and requisites. */
  legalName: 'Общероссийская общественная организация «Федерация контактных единоборств»',
  email: 'info@fke-sport.example',
  site: 'https://fke-sport.example',
} as const;

/** A page's name in the browser tab: «Открытый турнир СК «Сэнсэй» — ФКЕ». */
export function documentTitle(pageName: string): string {
  return `${pageName} — ${federation.shortName}`;
}
