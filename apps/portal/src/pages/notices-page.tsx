import { Link } from 'react-router-dom';
import { noticeSettingsPagePath, type Notice } from '@fed/contracts';
import {
  queryState,
  useNoticesInfiniteQuery,
  useReadAllNoticesMutation,
  useReadNoticeMutation,
} from '@fed/api-client';
import {
  AsyncList,
  Badge,
  Button,
  Card,
  Cluster,
  Stack,
  cardLinkStyles,
  listPageStyles,
  type ListTexts,
} from '@fed/ui-kit';
import styles from './notices-page.module.css';

const texts: ListTexts = {
  loading: 'Загрузка уведомлений…',
  errorTitle: 'Не удалось загрузить уведомления',
  emptyTitle: 'Уведомлений пока нет',
  emptyText: 'Здесь появятся вести об оплатах, возвратах и ваших заявках.',
};

const moscowTime = new Intl.DateTimeFormat('ru-RU', {
  timeZone: 'Europe/Moscow',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

function NoticeCard({ notice, onOpen }: { notice: Notice; onOpen: (notice: Notice) => void }) {
  const unread = notice.readAt === null;
  return (
    <Card
      as="li"
      padding="md"
      className={[cardLinkStyles.card, unread ? styles.unread : ''].filter(Boolean).join(' ')}
      data-unread={unread || undefined}
    >
      <Stack gap={2}>
        <Cluster gap={2} className={styles.meta}>
          {unread && (
            <Badge tone="primary" size="sm">
              Новое
            </Badge>
          )}
          <span>{notice.recipient.name}</span>
          <time dateTime={notice.createdAt}>{moscowTime.format(new Date(notice.createdAt))}</time>
        </Cluster>
        <h2 className={styles.title}>
          <Link to={notice.link} className={cardLinkStyles.link} onClick={() => onOpen(notice)}>
            {notice.title}
          </Link>
        </h2>
        <p className={styles.text}>{notice.text}</p>
      </Stack>
    </Card>
  );
}

/**
 * «Уведомления»: the notices of every account of the login, newest first, each marked with whose it is and
 * opening its page; opening one marks it read (the bell's count follows).
 */
export function NoticesPage() {
  const query = useNoticesInfiniteQuery();
  const [readNotice] = useReadNoticeMutation();
  const [readAll, readingAll] = useReadAllNoticesMutation();
  const pages = query.data?.pages;
  const notices = pages?.flatMap((page) => page.result);
  // The page fetched last carries the freshest count.
  const unread = pages?.at(-1)?.unread ?? 0;
  return (
    <div className={listPageStyles.page}>
      <Cluster gap={3} className={styles.head}>
        <h1 className={listPageStyles.title}>Уведомления</h1>
        <Cluster gap={2}>
          <Button
            variant="secondary"
            size="sm"
            disabled={unread === 0}
            loading={readingAll.isLoading}
            onClick={() => void readAll()}
          >
            Прочитать все
          </Button>
          <Link to={noticeSettingsPagePath} className={styles.settings}>
            Настройки
          </Link>
        </Cluster>
      </Cluster>
      <p className={listPageStyles.summary} aria-live="polite">
        {pages ? (unread > 0 ? `Непрочитанных: ${unread}` : 'Всё прочитано') : ''}
      </p>
      <AsyncList
        items={notices}
        {...queryState(query)}
        // The next page's read shows at its button, and its failure below the notices already shown.
        fetching={query.isFetching && !query.isFetchingNextPage}
        failed={query.isError && !query.isFetchNextPageError}
        texts={texts}
        gap={3}
        itemKey={(notice) => notice.id}
        renderItem={(notice) => (
          <NoticeCard
            notice={notice}
            onOpen={(opened) => {
              if (opened.readAt === null) void readNotice(opened.id);
            }}
          />
        )}
      />
      {query.hasNextPage && (
        <div className={styles.more}>
          <Button
            variant="secondary"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            Показать ещё
          </Button>
        </div>
      )}
      {query.isFetchNextPageError && (
        <p role="alert" className={styles.moreError}>
          Не удалось загрузить уведомления. Попробуйте ещё раз.
        </p>
      )}
    </div>
  );
}
