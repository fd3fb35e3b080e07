import type { OrganizationRead } from '@fed/contracts';
import { Avatar, Card, Fact, FactList } from '@fed/ui-kit';
import { contactsOf, displayPhone, siteUrl } from '../../model/registry-contacts';
import { pictureUrl } from '../../model/registry-people';
import { SiteFact } from './site-fact';
import styles from './public-profile.module.css';

/** The logo's slot on a page, in CSS pixels (Avatar `xl`). */
const LOGO_PX = 96;

export interface OrganizationHeaderProps {
  organization: OrganizationRead;
  /** What the page calls it above its name: 'Организация', 'Федерация'. */
  kind: string;
  titleId: string;
}

/**
 * An organization's name, logo and public business contacts: city, address, site, the social link it publishes,
 * contact phones and e-mails (public by the federation's rules; the sign-in phone and bank details never come).
 */
export function OrganizationHeader({ organization, kind, titleId }: OrganizationHeaderProps) {
  const site = siteUrl(organization.sait);
  const vk = siteUrl(organization.vk_link);
  const { phones, emails } = contactsOf(organization);
  return (
    <div className={styles.header}>
      <Avatar
        src={pictureUrl(organization.logo, LOGO_PX)}
        name={`Логотип: ${organization.__name}`}
        role="organization"
        size="xl"
      />
      <div className={styles.headline}>
        <p className={styles.kind}>{kind}</p>
        <h1 id={titleId} className={styles.title}>
          {organization.__name}
        </h1>
        {(organization.gorod || organization.fakti_address) && (
          <p className={styles.muted}>{organization.fakti_address || organization.gorod}</p>
        )}
      </div>
      {(site || vk || phones.length > 0 || emails.length > 0) && (
        <Card as="section" aria-label="Контакты" className={styles.contactsCard}>
          <FactList className={styles.contactFacts}>
            {phones.length > 0 && (
              <Fact term="Телефон">
                <ul className={styles.contacts}>
                  {phones.map((tel) => (
                    <li key={tel}>
                      <a href={`tel:${tel.replace(/[^\d+]/g, '')}`}>{displayPhone(tel)}</a>
                    </li>
                  ))}
                </ul>
              </Fact>
            )}
            {emails.length > 0 && (
              <Fact term="Электронная почта">
                <ul className={styles.contacts}>
                  {emails.map((email) => (
                    <li key={email}>
                      <a href={`mailto:${email}`}>{email}</a>
                    </li>
                  ))}
                </ul>
              </Fact>
            )}
            {site && <SiteFact term="Сайт" href={site} />}
            {vk && <SiteFact term="ВКонтакте" href={vk} />}
          </FactList>
        </Card>
      )}
    </div>
  );
}
