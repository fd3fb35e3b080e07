import { imageUrl } from '@fed/api-client';
import type { SportsmanRecord } from '@fed/contracts';
import { Avatar, ButtonLink, Card, ErrorState, Fact, FactList, PageSkeleton, Section } from '@fed/ui-kit';
import { useOwnRecord, type SportsmanField } from '../../api/own-profile-api';
import type { ContactRecord } from '../model/form-pieces';
import { phoneText } from '../model/profile-facts';
import { ContactFacts, ExternalLink } from './contact-facts';
import styles from './cabinet.module.css';

/** The logo's size in CSS pixels; the image is asked for at twice that. */
const LOGO_PX = 96;
const NOT_SET = 'не указан';

/**
 * What the club's cabinet shows and its edit page (`/profile/edit`) edits of the club's own record: the record read
 * asks for these fields alone (spec §7). A field the facts or the form use and this list lacks does not compile.
 */
export const ORGANIZATION_PROFILE_FIELDS = [
  '__id',
  '__name',
  'yr_nazvanie',
  'logo',
  'gorod',
  'fakti_address',
  'sait',
  'contact_phone',
  'email_kontr',
  'vk_link',
  'vk_link_available',
  'bank',
  'bic',
  'bank_account',
  'correspondent_account',
] as const satisfies readonly SportsmanField[];

/** The fields of the club's record the facts show. */
type OrganizationFactsRecord = Pick<
  SportsmanRecord,
  | '__name'
  | 'yr_nazvanie'
  | 'logo'
  | 'gorod'
  | 'fakti_address'
  | 'sait'
  | 'contact_phone'
  | 'bank'
  | 'bic'
  | 'bank_account'
  | 'correspondent_account'
> &
  ContactRecord;

/** The club's profile as the cabinet shows it to the club: public contacts and the bank details only it sees. */
export function OrganizationFacts({ record }: { record: OrganizationFactsRecord }) {
  const logo = record.logo?.[0];
  const phone = phoneText(record.contact_phone?.[0]?.tel);
  return (
    <div className={styles.profile}>
      <div className={styles.who}>
        <Avatar
          src={logo ? imageUrl(logo, { width: LOGO_PX * 2, height: LOGO_PX * 2 }) : null}
          name={logo ? `Логотип: ${record.__name}` : record.__name}
          role="organization"
          size="xl"
        />
        <div className={styles.name}>
          <p className={styles.fullName}>{record.__name}</p>
          {record.yr_nazvanie && record.yr_nazvanie !== record.__name && (
            <p className={styles.muted}>{record.yr_nazvanie}</p>
          )}
        </div>
      </div>
      <FactList className={styles.facts}>
        <Fact term="Город">{record.gorod || NOT_SET}</Fact>
        <Fact term="Адрес">{record.fakti_address || NOT_SET}</Fact>
        <Fact term="Сайт">{record.sait ? <ExternalLink href={record.sait} /> : NOT_SET}</Fact>
        <Fact term="Контактный телефон">{phone ?? NOT_SET}</Fact>
        <ContactFacts record={record} vkLinkShownText="видна на странице клуба" />
      </FactList>
      <section aria-labelledby="bank-details-title" className={styles.profile}>
        <div className={styles.name}>
          <h3 id="bank-details-title" className={styles.subtitle}>
            Банковские реквизиты
          </h3>
          <p className={styles.muted}>Видны только вашей организации</p>
        </div>
        <FactList className={styles.facts}>
          <Fact term="Банк">{record.bank || NOT_SET}</Fact>
          <Fact term="БИК">{record.bic || NOT_SET}</Fact>
          <Fact term="Корреспондентский счёт">{record.correspondent_account || NOT_SET}</Fact>
          <Fact term="Расчётный счёт">{record.bank_account || NOT_SET}</Fact>
        </FactList>
      </section>
    </div>
  );
}

/** An organization's cabinet: its profile and the way to edit it (`/profile/edit`). */
export function OrganizationCabinet({ id }: { id: string }) {
  const { record, isLoading, isError, refetch } = useOwnRecord(id, ORGANIZATION_PROFILE_FIELDS);
  return (
    <Section
      title="Профиль организации"
      titleId="own-profile-title"
      actions={
        <ButtonLink to="/profile/edit" variant="secondary" size="sm">
          Редактировать профиль
        </ButtonLink>
      }
    >
      <Card padding="fluid">
        {isLoading ? (
          <PageSkeleton label="Загружаем профиль" />
        ) : record ? (
          <OrganizationFacts record={record} />
        ) : (
          isError && <ErrorState title="Не удалось загрузить профиль" onRetry={() => void refetch()} />
        )}
      </Card>
    </Section>
  );
}
