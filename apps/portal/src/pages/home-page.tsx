import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
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

export interface HomePageProps {
  /** The nearest events (the competitions library's section), composed by the route. */
  upcoming?: ReactNode;
}

export function HomePage({ upcoming }: HomePageProps) {
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
      <div className={styles.upcoming}>{upcoming}</div>
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
