import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { loadUpcomingEvents } from '@fed/competitions';
import { site } from '../app/site';
import styles from './home-page.module.css';

const offers = [
  {
    title: 'Соревнования',
    text: 'Календарь мероприятий федерации, положения и программы, подача заявок онлайн.',
  },
  {
    title: 'Спортсменам',
    text: 'Личный кабинет, заявки на участие, членство в федерации, фото и видео с турниров.',
  },
  {
    title: 'Клубам',
    text: 'Профиль организации, проведение соревнований и подача документов.',
  },
] as const;

// Its own chunk: the hero paints before the events (and the competitions library) arrive.
const UpcomingEvents = lazy(() => loadUpcomingEvents().then((component) => ({ default: component })));

export function HomePage() {
  return (
    <>
      <section className={styles.hero} aria-labelledby="home-title">
        <h1 id="home-title" className={styles.title}>
          {site.name}
        </h1>
        <p className={styles.lead}>
          Единый портал для спортсменов, тренеров и клубов: мероприятия, заявки на соревнования и личный
          кабинет.
        </p>
        <div className={styles.actions}>
          <Link to="/competitions" className={styles.primary}>
            Смотреть мероприятия
          </Link>
          <Link to="/login" className={styles.secondary}>
            Войти или зарегистрироваться
          </Link>
        </div>
      </section>
      <div className={styles.upcoming}>
        <Suspense fallback={null}>
          <UpcomingEvents />
        </Suspense>
      </div>
      <section className={styles.offers} aria-label="Возможности портала">
        {offers.map((offer) => (
          <article key={offer.title} className={styles.card}>
            <h2 className={styles.cardTitle}>{offer.title}</h2>
            <p className={styles.cardText}>{offer.text}</p>
          </article>
        ))}
      </section>
    </>
  );
}
