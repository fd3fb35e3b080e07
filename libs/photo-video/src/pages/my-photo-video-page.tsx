import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { queryState } from '@fed/api-client';
import {
  paymentStatuses,
  requestStateNames,
  saleStatusNames,
  type PaymentStatus,
  type RequestView,
  photoVideoPaths,
} from '@fed/contracts';
import {
  AsyncList,
  Badge,
  Button,
  ButtonLink,
  Card,
  Cluster,
  Pager,
  SearchBox,
  Select,
  Stack,
  formatEventDay,
  useDocumentTitle,
  type BadgeTone,
  type SelectOption,
} from '@fed/ui-kit';
import { formatMoney } from '@fed/validation';
import { useMyPhotoVideoRequestsQuery } from '../api/photo-video-api';
import { usePayRequest } from '../model/use-pay-request';
import styles from './my-photo-video-page.module.css';
import pageStyles from './page.module.css';

const PAGE_SIZE = 10;
const TITLE = 'Мои заявки на фото и видео';

const paymentNames: Record<PaymentStatus, string> = {
  paid: 'Оплачена',
  unpaid: 'Не оплачена',
  refunded: 'Возвращены деньги',
};
const paymentTones: Record<PaymentStatus, BadgeTone> = {
  paid: 'success',
  unpaid: 'warning',
  refunded: 'muted',
};
const paymentOptions: SelectOption[] = [
  { value: '', text: 'Все' },
  ...paymentStatuses.map((status) => ({ value: status, text: paymentNames[status] })),
];

function PhotoVideoCard({ request }: { request: RequestView }) {
  const { pay, paying } = usePayRequest();
  const competitionId = request.competition[0] ?? '';
  const sale = request.photoVideo ?? null;
  const titleId = `photo-video-request-${request.__id}`;
  const live = sale !== null && sale.status !== 'cancelled';

  const payRequest = () =>
    pay(request.__id, { to: photoVideoPaths.locker(competitionId), text: 'Перейти к фото и видео' });

  return (
    <Card as="article" aria-labelledby={titleId}>
      <Stack gap={2}>
        <Cluster justify="between" align="baseline">
          <h3 id={titleId} className={styles.name}>
            {request.competitionName}
          </h3>
          <Badge tone={paymentTones[request.payment_status]}>{paymentNames[request.payment_status]}</Badge>
        </Cluster>
        <p className={styles.meta}>
          {request.competitionDate ? `${formatEventDay(request.competitionDate)} · ` : ''}
          {request.programNames.join(', ') || 'Все выступления'}
        </p>
        <Cluster gap={2}>
          <Badge tone="info">{sale?.package.name ?? 'Фото и видео'}</Badge>
          <Badge tone="neutral">
            {sale ? saleStatusNames[sale.status] : requestStateNames[request.requestState]}
          </Badge>
          <span className={styles.price}>{formatMoney(request.fee)}</span>
        </Cluster>
        <Cluster gap={2}>
          {live && (
            <ButtonLink to={photoVideoPaths.locker(competitionId)} size="sm">
              Фото и видео
            </ButtonLink>
          )}
          {request.payable && (
            <Button
              type="button"
              size="sm"
              variant="secondary"
              loading={paying}
              onClick={() => void payRequest()}
            >
              Оплатить
            </Button>
          )}
          {live && sale && (
            <ButtonLink to={photoVideoPaths.edit(sale.saleId)} size="sm" variant="ghost">
              {request.payment_status === 'unpaid' ? 'Изменить или отменить' : 'Подробнее'}
            </ButtonLink>
          )}
        </Cluster>
      </Stack>
    </Card>
  );
}

/**
 * `/profile/applications/photo-video/{athlete}`: the athlete's photo/video orders (`getMyRequestList` with
 * `nomenclature_type: photo_video`), filtered by payment status and searched by event, paged.
 */
export function MyPhotoVideoPage() {
  useDocumentTitle(TITLE);
  const { id = '' } = useParams();
  const [payment, setPayment] = useState<PaymentStatus | ''>('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const list = useMyPhotoVideoRequestsQuery(
    { sportsmanID: id, payment_status: payment, query, from: page * PAGE_SIZE, size: PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const pageCount = list.data ? Math.ceil(list.data.total / PAGE_SIZE) : 0;
  const filtered = payment !== '' || query !== '';
  return (
    <div className={pageStyles.page}>
      <h1 className={pageStyles.title}>{TITLE}</h1>
      <div className={styles.filters}>
        <Select
          label="Статус оплаты"
          options={paymentOptions}
          value={payment}
          onChange={(event) => {
            setPayment(event.target.value as PaymentStatus | '');
            setPage(0);
          }}
        />
        <div className={styles.search}>
          <SearchBox
            label="Поиск по заявкам"
            placeholder="Название мероприятия"
            onSearch={(text) => {
              setQuery(text.trim());
              setPage(0);
            }}
          />
        </div>
      </div>
      <AsyncList
        items={list.currentData?.result}
        {...queryState(list)}
        texts={{
          loading: 'Загрузка заявок…',
          errorTitle: 'Не удалось загрузить заявки',
          emptyTitle: filtered ? 'Нет заявок по заданным условиям' : 'Заявок на фото и видео пока нет',
        }}
        emptyAction={
          <Link to="/competitions" className={styles.link}>
            Перейти к мероприятиям
          </Link>
        }
        itemKey={(request) => request.__id}
        renderItem={(request) => (
          <li>
            <PhotoVideoCard request={request} />
          </li>
        )}
      />
      <Pager
        page={page + 1}
        pageCount={pageCount}
        onPageChange={(next) => setPage(next - 1)}
        label="Страницы заявок"
      />
    </div>
  );
}
