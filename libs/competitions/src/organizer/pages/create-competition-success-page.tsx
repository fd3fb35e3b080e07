import { useLocation } from 'react-router-dom';
import { ButtonLink, Card, Cluster } from '@fed/ui-kit';
import { competitionPagePath } from '@fed/contracts';
import { PROFILE_PATH, readCreatedCompetition, submitDocumentsPath } from '../model/organizer-paths';
import styles from './organizer-pages.module.css';

/**
 * `/profile/create-competition/success`: the event just created, with where to go next. Opened without the
 * creation page's state (a reload in another tab, a bookmark) it says so and points to the profile.
 */
export function CreateCompetitionSuccessPage() {
  const created = readCreatedCompetition(useLocation().state);

  if (!created) {
    return (
      <Card as="section" padding="lg" elevated className={styles.notice} aria-labelledby="created-title">
        <h1 id="created-title" className={styles.title}>
          Нет сведений о новом мероприятии
        </h1>
        <p>
          Эта страница показывает мероприятие сразу после создания, а сейчас она открыта заново. Все ваши
          мероприятия — в личном кабинете.
        </p>
        <ButtonLink to={PROFILE_PATH}>Перейти в личный кабинет</ButtonLink>
      </Card>
    );
  }

  return (
    <Card as="section" padding="lg" elevated className={styles.notice} aria-labelledby="created-title">
      <span className={styles.success} aria-hidden="true">
        ✓
      </span>
      <h1 id="created-title" className={styles.title}>
        Мероприятие создано
      </h1>
      <p className={styles.eventName}>«{created.name}»</p>
      <p>Загрузите документы мероприятия — положение, разрешение, страховку: федерация проверит их.</p>
      <Cluster as="nav" gap={3} className={styles.actions} aria-label="Что дальше">
        <ButtonLink to={submitDocumentsPath(created.id)}>Загрузить документы</ButtonLink>
        <ButtonLink to={competitionPagePath(created.id)} variant="secondary">
          Страница мероприятия
        </ButtonLink>
        <ButtonLink to={PROFILE_PATH} variant="secondary">
          В личный кабинет
        </ButtonLink>
      </Cluster>
    </Card>
  );
}
