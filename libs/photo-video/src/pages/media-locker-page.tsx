import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useSelector } from 'react-redux';
import { useParams } from 'react-router-dom';
import { apiErrorOf, queryState } from '@fed/api-client';
import { selectUserId } from '@fed/auth-session';
import { saleStatusNames, type LockerPerformance, type MediaLocker, photoVideoPaths } from '@fed/contracts';
import {
  Badge,
  Button,
  ButtonLink,
  Card,
  Cluster,
  ErrorState,
  MissingRecord,
  Notice,
  PageSkeleton,
  Stack,
  formatEventDay,
  useClock,
  useDocumentTitle,
} from '@fed/ui-kit';
import { useMediaLockerQuery } from '../api/photo-video-api';
import mediaGrid from '../components/media-grid.module.css';
import { MediaViewer } from '../components/media-viewer';
import { usePayRequest } from '../model/use-pay-request';
import styles from './media-locker-page.module.css';
import pageStyles from './page.module.css';

/** Read the locker again this long before its links stop working. */
const RENEW_BEFORE_MS = 60_000;

function Performance({
  performance,
  competitionId,
  onOpen,
}: {
  performance: LockerPerformance;
  competitionId: string;
  onOpen: (itemId: string) => void;
}) {
  const { pay, paying } = usePayRequest();
  const paid = performance.paymentStatus === 'paid';
  const titleId = `performance-${performance.saleId}`;

  const payPerformance = async () => {
    if (!performance.requestId) return;
    await pay(performance.requestId, {
      to: photoVideoPaths.locker(competitionId),
      text: 'Вернуться к фото и видео',
    });
  };

  return (
    <Card as="section" aria-labelledby={titleId}>
      <Stack gap={3}>
        <Cluster justify="between" align="baseline">
          <h2 id={titleId} className={styles.program}>
            {performance.programName}
          </h2>
          <Cluster gap={2}>
            <Badge tone="info">{performance.package.name}</Badge>
            <Badge tone={paid ? 'success' : 'warning'}>
              {paid ? 'Оплачено' : saleStatusNames[performance.status]}
            </Badge>
          </Cluster>
        </Cluster>
        {!paid && (
          <Notice tone="info" role="status" title="Показаны превью с водяным знаком">
            <p>После оплаты здесь будут оригиналы без знака — смотреть и скачивать их можно без срока.</p>
            <Cluster gap={2}>
              {performance.payable && (
                <Button type="button" size="sm" loading={paying} onClick={() => void payPerformance()}>
                  Оплатить
                </Button>
              )}
              <ButtonLink to={photoVideoPaths.edit(performance.saleId)} size="sm" variant="secondary">
                Изменить заказ
              </ButtonLink>
            </Cluster>
          </Notice>
        )}
        {performance.items.length === 0 ? (
          <p className={styles.empty}>
            Организатор ещё не отметил вас на фото и видео этого выступления. Они появятся здесь сами.
          </p>
        ) : (
          <ul className={mediaGrid.grid} aria-label={`Фото и видео: ${performance.programName}`}>
            {performance.items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className={styles.tile}
                  onClick={() => onOpen(item.id)}
                  aria-label={`${item.kind === 'video' ? 'Видео' : 'Фото'} ${item.name}${item.full ? '' : ', превью'}`}
                >
                  <img src={item.imageUrl} alt="" loading="lazy" className={styles.thumb} />
                  {item.kind === 'video' && (
                    <span className={styles.play} aria-hidden="true">
                      ▶
                    </span>
                  )}
                </button>
                {item.downloadUrl && (
                  <a className={styles.download} href={item.downloadUrl} download>
                    Скачать
                  </a>
                )}
              </li>
            ))}
          </ul>
        )}
      </Stack>
    </Card>
  );
}

function Locker({ locker }: { locker: MediaLocker }) {
  const [open, setOpen] = useState<{ performance: string; index: number } | null>(null);
  const shown = locker.performances.find((performance) => performance.saleId === open?.performance);
  return (
    <>
      <Card className={styles.head}>
        <Stack gap={2}>
          <p className={styles.meta}>
            {formatEventDay(locker.dateStart)} · {locker.sportsmanName}
          </p>
          <Cluster justify="between" align="center">
            <p className={styles.meta}>
              {locker.zipCount > 0
                ? `Оригиналов: ${locker.zipCount}. Ссылки обновляются при каждом открытии страницы.`
                : 'Оригиналы появятся после оплаты.'}
            </p>
            {locker.zipUrl && (
              <a className={styles.zip} href={locker.zipUrl} download>
                Скачать всё (ZIP)
              </a>
            )}
          </Cluster>
        </Stack>
      </Card>
      {locker.performances.map((performance) => (
        <Performance
          key={performance.saleId}
          performance={performance}
          competitionId={locker.competitionId}
          onOpen={(itemId) =>
            setOpen({
              performance: performance.saleId,
              index: performance.items.findIndex((item) => item.id === itemId),
            })
          }
        />
      ))}
      <MediaViewer
        items={shown?.items ?? []}
        index={shown ? (open?.index ?? null) : null}
        onIndexChange={(index) => setOpen(index === null || !open ? null : { ...open, index })}
      />
    </>
  );
}

/**
 * `/photo-video/{event}`: the active athlete's media locker of an event — the performances bought, each with
 * what the organizer tagged; links signed anew at every visit (and read again before they expire), so nothing
 * here ever runs out. A parent sees a child's locker after switching to the child's account.
 */
export function MediaLockerPage() {
  useDocumentTitle('Фото и видео');
  const { id = '' } = useParams();
  const sportsmanId = useSelector(selectUserId);
  const locker = useMediaLockerQuery(sportsmanId ? { competitionId: id, sportsmanId } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const expires = locker.data?.linksExpireAt;
  const { refetch } = locker;
  const clock = useClock();
  useEffect(() => {
    if (!expires) return;
    const timer = setTimeout(
      () => void refetch(),
      Math.max(5_000, Date.parse(expires) - clock.now() - RENEW_BEFORE_MS),
    );
    return () => clearTimeout(timer);
  }, [expires, refetch, clock]);

  const state = queryState(locker);
  const missing = locker.isError && apiErrorOf(locker.error)?.statusCode === 404;
  let body;
  if (locker.data) body = <Locker locker={locker.data} />;
  else if (missing) {
    body = (
      <MissingRecord
        title="Фото и видео не найдены"
        text="У этого спортсмена нет заказов фото и видео на этом мероприятии. Если заказ сделан для ребёнка, переключитесь на его аккаунт."
        backTo="/profile"
        backText="В личный кабинет"
      />
    );
  } else if (state.failed)
    body = <ErrorState title="Не удалось загрузить фото и видео" onRetry={state.onRetry} />;
  else body = <PageSkeleton label="Загружаем фото и видео…" />;

  return (
    <div className={pageStyles.page}>
      {/* The missing view has a heading of its own. */}
      {!missing && (
        <h1 className={pageStyles.title}>{locker.data ? locker.data.competitionName : 'Фото и видео'}</h1>
      )}
      {body}
    </div>
  );
}
