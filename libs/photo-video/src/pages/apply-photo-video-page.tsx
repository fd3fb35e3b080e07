import { photoVideoPaths, competitionPagePath } from '@fed/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { queryState } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import { ButtonLink, ErrorState, MissingRecord, Notice, PageSkeleton, useDocumentTitle } from '@fed/ui-kit';
import { usePhotoVideoOfferQuery, usePhotoVideoSaleQuery } from '../api/photo-video-api';
import { OrderForm } from '../components/order-form';
import styles from './page.module.css';

const TITLE = 'Заказ фото и видео';

interface OfferProps {
  competitionId: string;
  sportsmanId: string;
  focusSaleId?: string;
}

function Offer({ competitionId, sportsmanId, focusSaleId }: OfferProps) {
  const offer = usePhotoVideoOfferQuery({ competitionId, sportsmanId }, { refetchOnMountOrArgChange: true });
  const state = queryState(offer);
  if (!offer.data) {
    if (state.failed) {
      return <ErrorState title="Не удалось загрузить выступления" onRetry={state.onRetry} />;
    }
    return <PageSkeleton label="Загружаем выступления…" />;
  }
  const ordered = offer.data.performances.some((performance) => performance.sale !== null);
  if (offer.data.reasons.length > 0 && !ordered) {
    return (
      <Notice tone="warning" role="status" title="Заказать фото и видео здесь нельзя">
        <ul className={styles.reasons}>
          {offer.data.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p>
          <ButtonLink to={competitionPagePath(competitionId)} variant="secondary">
            К мероприятию
          </ButtonLink>
        </p>
      </Notice>
    );
  }
  return <OrderForm offer={offer.data} focusSaleId={focusSaleId} />;
}

/** `/apply/photo-video/{event}`: the active athlete's performances at the event and their packages. */
export function ApplyPhotoVideoPage() {
  useDocumentTitle(TITLE);
  const { id = '' } = useParams();
  const sportsmanId = useSelector(selectUserId);
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1 className={styles.title}>{TITLE}</h1>
      {sportsmanId ? <Offer competitionId={id} sportsmanId={sportsmanId} /> : null}
    </div>
  );
}

/** `/apply/photo-video/edit/{sale}`: the same order form, opened at that sale, while it is unpaid. */
export function EditPhotoVideoPage() {
  useDocumentTitle('Изменение заказа фото и видео');
  const { id = '' } = useParams();
  const sale = usePhotoVideoSaleQuery(id || skipToken, { refetchOnMountOrArgChange: true });
  const state = queryState(sale);
  const competitionId = sale.data?.competition[0];
  const sportsmanId = sale.data?.sportsman[0];
  let body;
  if (sale.data && competitionId && sportsmanId) {
    body = <Offer competitionId={competitionId} sportsmanId={sportsmanId} focusSaleId={sale.data.__id} />;
  } else if (state.failed) {
    body = (
      <MissingRecord
        title="Заказ не найден"
        text="Возможно, он отменён или принадлежит другому спортсмену."
        backTo="/profile"
        backText="В личный кабинет"
      />
    );
  } else {
    body = <PageSkeleton label="Загружаем заказ…" />;
  }
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <h1 className={styles.title}>Изменение заказа фото и видео</h1>
      {sale.data && !sale.data.editable && sale.data.status !== 'cancelled' && (
        <Notice tone="info" role="status" title="Заказ оплачен">
          <p>Пакет оплаченного заказа не меняется; отменить его можно до начала мероприятия.</p>
          <p>
            <ButtonLink to={photoVideoPaths.locker(competitionId ?? '')} variant="secondary">
              Открыть фото и видео
            </ButtonLink>
          </p>
        </Notice>
      )}
      {body}
    </div>
  );
}
