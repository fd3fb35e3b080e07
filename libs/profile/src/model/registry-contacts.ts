import type { OrganizationRead } from '@fed/contracts';
import { formatPhone, parseE164, PHONE_FORMATS } from '@fed/validation';

// A profile's contacts, apart from what the directory's cards show (registry-people.ts): a card of a guest's
// island does not load the phone formats.

/** A phone as people write it: '+79161234567' → '+7 (916) 123-45-67'; one the portal cannot read, as it is. */
export function displayPhone(tel: string): string {
  const parsed = parseE164(tel);
  return parsed
    ? `+${PHONE_FORMATS[parsed.country].dialCode} ${formatPhone(parsed.digits, parsed.country)}`
    : tel;
}

/** A club's business contacts, the main ones first. */
export function contactsOf(organization: Pick<OrganizationRead, 'contact_phone' | 'email_kontr'>) {
  const main = <T extends { type: string }>(items: readonly T[] | null | undefined) =>
    [...(items ?? [])].sort((a, b) => Number(b.type === 'main') - Number(a.type === 'main'));
  return {
    phones: main(organization.contact_phone).map((phone) => phone.tel),
    emails: main(organization.email_kontr).map((email) => email.email),
  };
}

/** A site's address fit to link: only http(s) ones (anything else is not a site), with the scheme added if left out. */
export function siteUrl(site: string | null | undefined): string | null {
  const text = site?.trim();
  if (!text) return null;
  try {
    const url = new URL(/^[a-z]+:/i.test(text) ? text : `https://${text}`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A site as people read it: without the scheme and the trailing slash. */
export const siteLabel = (href: string) => href.replace(/^https?:\/\//, '').replace(/\/$/, '');
