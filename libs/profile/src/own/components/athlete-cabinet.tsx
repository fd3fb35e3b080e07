import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { imageUrl } from '@fed/api-client';
import { pickAgeClass } from '@fed/auth-session';
import { fixPaths, type SportsmanRecord } from '@fed/contracts';
import {
  Avatar,
  Badge,
  Button,
  Card,
  ErrorState,
  Fact,
  FactList,
  formatEventDay,
  LoadingWrapper,
  PageSkeleton,
  Section,
  useClock,
} from '@fed/ui-kit';
import { useOwnClubQuery, useOwnRecord, type SportsmanField } from '../../api/own-profile-api';
import {
  daysLeftText,
  fullNameOf,
  genderOf,
  isMinor,
  membershipTerm,
  phoneText,
} from '../model/profile-facts';
import type { ContactRecord } from '../model/form-pieces';
import { ContactFacts } from './contact-facts';
import { LegalRepresentativeSection } from './legal-representative-section';
import { PublishConsentSection } from './publish-consent-section';
import styles from './cabinet.module.css';

// The form (its schema and controls) loads when «Изменить» is pressed, not with the cabinet.
const AthleteProfileForm = lazy(() =>
  import('./athlete-profile-form').then((module) => ({ default: module.AthleteProfileForm })),
);

/** The photo's size in CSS pixels; the image is asked for at twice that. */
const PHOTO_PX = 96;

const NOT_SET = 'не указан';

/**
 * What the cabinet shows and edits of the athlete's own record — the facts, the form, the legal representative's
 * and the consent's sections: the record read asks for these fields alone (spec §7). A field one of them uses and
 * this list lacks does not compile.
 */
export const ATHLETE_CABINET_FIELDS = [
  '__id',
  '__name',
  'fio',
  'photo',
  'pol',
  'age_class',
  'organiz',
  'phone',
  'term_membership',
  'date_of_birth',
  'gorod',
  'coach',
  'email_kontr',
  'vk_link',
  'vk_link_available',
  'publish_consent',
] as const satisfies readonly SportsmanField[];

/** The fields of the athlete's record the facts show. */
type AthleteFactsRecord = Pick<
  SportsmanRecord,
  | '__id'
  | '__name'
  | 'fio'
  | 'photo'
  | 'pol'
  | 'age_class'
  | 'organiz'
  | 'phone'
  | 'term_membership'
  | 'date_of_birth'
  | 'gorod'
  | 'coach'
> &
  ContactRecord;

function ClubName({ id }: { id: string }) {
  const club = useOwnClubQuery(id);
  const name = club.data?.data.__name;
  return <Link to={`/profile/${encodeURIComponent(id)}`}>{name ?? (club.isError ? 'Клуб' : '…')}</Link>;
}

function Membership({ record }: { record: Pick<SportsmanRecord, '__id' | 'term_membership'> }) {
  const membership = membershipTerm(record.term_membership, useClock());
  const apply = (text: string) => (
    <Link className={styles.note} to={fixPaths.membership(record.__id)}>
      {text}
    </Link>
  );
  if (membership.state === 'none') return <>не оформлено {apply('Оформить членство')}</>;
  if (membership.state === 'expired') {
    return (
      <>
        истекло {formatEventDay(membership.until)} {apply('Продлить членство')}
      </>
    );
  }
  return (
    <>
      до {formatEventDay(membership.until)}, {daysLeftText(membership.daysLeft)}
    </>
  );
}

/** What the athlete's record holds, as the cabinet shows it to its owner. */
export function AthleteFacts({ record }: { record: AthleteFactsRecord }) {
  const name = fullNameOf(record);
  const photo = record.photo?.[0];
  const ageClass = pickAgeClass(record.age_class);
  const clubId = record.organiz?.[0];
  const phone = phoneText(record.phone?.[0]?.tel);
  const clock = useClock();
  const membership = membershipTerm(record.term_membership, clock);
  return (
    <div className={styles.profile}>
      <div className={styles.who}>
        <Avatar
          src={photo ? imageUrl(photo, { width: PHOTO_PX * 2, height: PHOTO_PX * 2 }) : null}
          name={photo ? `Фото: ${name}` : name}
          role="sportsman"
          gender={genderOf(record)}
          size="xl"
        />
        <div className={styles.name}>
          <p className={styles.fullName}>{name}</p>
          <p className={styles.marks}>
            {membership.state === 'active' && <Badge tone="success">Член федерации</Badge>}
            {isMinor(record, clock) && (
              <Badge tone="neutral">
                {genderOf(record) === 'female' ? 'Несовершеннолетняя' : 'Несовершеннолетний'}
              </Badge>
            )}
          </p>
        </div>
      </div>
      <FactList className={styles.facts}>
        <Fact term="Дата рождения">
          {record.date_of_birth ? formatEventDay(record.date_of_birth) : NOT_SET}
        </Fact>
        <Fact term="Город">{record.gorod || NOT_SET}</Fact>
        <Fact term="Клуб">{clubId ? <ClubName id={clubId} /> : NOT_SET}</Fact>
        <Fact term="Тренер">{record.coach || NOT_SET}</Fact>
        <Fact term="Возрастной класс">{ageClass?.nazvanie ?? NOT_SET}</Fact>
        <Fact term="Членство в федерации">
          <Membership record={record} />
        </Fact>
        <Fact term="Телефон">{phone ?? NOT_SET}</Fact>
        <ContactFacts record={record} vkLinkShownText="видна в публичном профиле" />
      </FactList>
    </div>
  );
}

/**
 * The athlete's own cabinet: the whole profile (spec §3 full read) with «Изменить», the legal representative of a
 * minor and what others may see (the consent to publish).
 */
export function AthleteCabinet({ id }: { id: string }) {
  const { record, isLoading, isError, refetch } = useOwnRecord(id, ATHLETE_CABINET_FIELDS);
  const clock = useClock();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const closed = useRef(false);

  // Back from the form, the keyboard goes on from «Изменить», not from the top of the page.
  useEffect(() => {
    if (editing || !closed.current) return;
    closed.current = false;
    editButton.current?.focus();
  }, [editing]);
  const close = () => {
    closed.current = true;
    setEditing(false);
  };

  return (
    <>
      <Section
        title="Профиль"
        titleId="own-profile-title"
        actions={
          record &&
          !editing && (
            <Button ref={editButton} variant="secondary" size="sm" onClick={() => setEditing(true)}>
              Изменить
            </Button>
          )
        }
      >
        <Card padding="fluid">
          {isLoading ? (
            <PageSkeleton label="Загружаем профиль" />
          ) : !record ? (
            isError && (
              <ErrorState title="Не удалось загрузить профиль" onRetry={() => void refetch()}>
                Проверьте подключение и попробуйте ещё раз.
              </ErrorState>
            )
          ) : editing ? (
            <Suspense fallback={<LoadingWrapper loading />}>
              <AthleteProfileForm record={record} onDone={close} onCancel={close} />
            </Suspense>
          ) : (
            <AthleteFacts record={record} />
          )}
        </Card>
      </Section>
      {record && isMinor(record, clock) && <LegalRepresentativeSection sportsmanId={record.__id} />}
      {record && <PublishConsentSection record={record} />}
    </>
  );
}
