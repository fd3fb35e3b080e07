import {
  noticesAfter,
  noticesPaths,
  type Notice,
  type NoticeSettings,
  type NoticesList,
  type UnreadNotices,
} from '@fed/contracts';
import { apiPath } from './api-path';
import { baseApi } from './base-api';

/** The caller's notices and their unread count: refetched when one is read or the settings change. */
export const NOTICES_TAG = 'Notices' as const;
export const NOTICE_SETTINGS_TAG = 'NoticeSettings' as const;

/** Where the next page of notices starts. */
type NoticesCursor = ReturnType<typeof noticesAfter>;

/** How often the bell asks for the unread count while a signed-in page is open. */
export const UNREAD_POLL_MS = 60_000;

/**
 * The notices API (`/api/notices`, docs/notifications.md): the bell's count, the list of the caller's notices
 * (a parent's login gets its children's, each marked with whose), marking read, and the settings page.
 */
export const noticesApi = baseApi
  .enhanceEndpoints({ addTagTypes: [NOTICES_TAG, NOTICE_SETTINGS_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      unreadNotices: build.query<UnreadNotices, void>({
        query: () => apiPath(noticesPaths.unread),
        providesTags: [NOTICES_TAG],
      }),
      /** The list, a page at a time («Показать ещё» fetches the next); refetched as a whole when invalidated. */
      notices: build.infiniteQuery<NoticesList, void, NoticesCursor | null>({
        infiniteQueryOptions: {
          initialPageParam: null,
          getNextPageParam: (lastPage) => {
            const last = lastPage.result.at(-1);
            return lastPage.more && last ? noticesAfter(last) : undefined;
          },
        },
        query: ({ pageParam }) =>
          `${apiPath(noticesPaths.notices)}${pageParam ? `?${new URLSearchParams(pageParam).toString()}` : ''}`,
        providesTags: [NOTICES_TAG],
      }),
      /** One notice read (its page opened): the list and the bell follow at once, then refetch. */
      readNotice: build.mutation<Notice, string>({
        query: (noticeId) => ({ url: apiPath(noticesPaths.read(noticeId)), method: 'POST', body: {} }),
        async onQueryStarted(noticeId, { dispatch, queryFulfilled }) {
          let wasUnread = false;
          const list = dispatch(
            noticesApi.util.updateQueryData('notices', undefined, (draft) => {
              const notice = draft.pages
                .flatMap((page) => page.result)
                .find((entry) => entry.id === noticeId);
              if (notice && notice.readAt === null) {
                wasUnread = true;
                // Read for now; the api's answer gives the instant.
                notice.readAt = notice.createdAt;
                for (const page of draft.pages) page.unread = Math.max(0, page.unread - 1);
              }
            }),
          );
          const count = dispatch(
            noticesApi.util.updateQueryData('unreadNotices', undefined, (draft) => {
              if (wasUnread) draft.unread = Math.max(0, draft.unread - 1);
            }),
          );
          const answer = await queryFulfilled.catch(() => {
            list.undo();
            count.undo();
            return null;
          });
          if (answer)
            dispatch(
              noticesApi.util.updateQueryData('notices', undefined, (draft) => {
                const notice = draft.pages
                  .flatMap((page) => page.result)
                  .find((entry) => entry.id === noticeId);
                if (notice) notice.readAt = answer.data.readAt;
              }),
            );
        },
      }),
      readAllNotices: build.mutation<{ read: number }, void>({
        query: () => ({ url: apiPath(noticesPaths.readAll), method: 'POST', body: {} }),
        invalidatesTags: [NOTICES_TAG],
      }),
      noticeSettings: build.query<NoticeSettings, void>({
        query: () => apiPath(noticesPaths.settings),
        providesTags: [NOTICE_SETTINGS_TAG],
      }),
      saveNoticeSettings: build.mutation<NoticeSettings, NoticeSettings>({
        query: (body) => ({ url: apiPath(noticesPaths.settings), method: 'PUT', body }),
        async onQueryStarted(_body, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(noticesApi.util.upsertQueryData('noticeSettings', undefined, data));
        },
      }),
    }),
  });

export const {
  useUnreadNoticesQuery,
  useNoticesInfiniteQuery,
  useReadNoticeMutation,
  useReadAllNoticesMutation,
  useNoticeSettingsQuery,
  useSaveNoticeSettingsMutation,
} = noticesApi;
