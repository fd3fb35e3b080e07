import { baseApi, platformGet, platformPost, REQUEST_LIST_TAG, REQUEST_TAG } from '@fed/api-client';
import type { ScriptInput, ScriptOutput } from '@fed/api-client';
import type { TagDescription } from '@reduxjs/toolkit/query';
import type { RequestView } from '@fed/contracts';

type RequestList = ScriptOutput<'getMyRequestList'>;

type RequestTag = TagDescription<typeof REQUEST_TAG | typeof REQUEST_LIST_TAG>;

/** Tags of a list: the list itself, and each request in it, so that a change to one refetches the list. */
const listTags = (list: RequestList | undefined): RequestTag[] => [
  REQUEST_LIST_TAG,
  ...(list?.result.map((request): RequestTag => ({ type: REQUEST_TAG, id: request.__id })) ?? []),
];

/** Competition requests: an athlete's own (`getMyRequestList`), a competition's for its organizer, state changes. */
export const applicationsApi = baseApi
  .enhanceEndpoints({ addTagTypes: [REQUEST_TAG, REQUEST_LIST_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      myRequestList: build.query<RequestList, ScriptInput<'getMyRequestList'>>({
        query: (input) => platformGet('getMyRequestList', input),
        providesTags: listTags,
      }),
      competitionRequests: build.query<
        ScriptOutput<'getCompetitionRequests'>,
        ScriptInput<'getCompetitionRequests'>
      >({
        query: (input) => platformGet('getCompetitionRequests', input),
        providesTags: listTags,
      }),
      applicationById: build.query<RequestView, string>({
        query: (id) => platformGet('getApplicationById', { id }),
        transformResponse: (answer: ScriptOutput<'getApplicationById'>) => answer.data,
        providesTags: (_view, _error, id) => [{ type: REQUEST_TAG, id }],
      }),
      changeRequestState: build.mutation<RequestView, ScriptInput<'changeCompetitionRequestState'>>({
        query: (input) => platformPost('changeCompetitionRequestState', input),
        transformResponse: (answer: ScriptOutput<'changeCompetitionRequestState'>) => answer.data,
        // A refused change usually means this page's view is stale (someone else moved the request), so
        // the lists refetch after a failure too. Whole lists, not only the request: under a state filter
        // the changed request may have to leave the list or join another page.
        invalidatesTags: (_view, _error, input) => [
          REQUEST_LIST_TAG,
          { type: REQUEST_TAG, id: input.requestId },
        ],
        async onQueryStarted(_input, { dispatch, getState, queryFulfilled }) {
          let changed: RequestView;
          try {
            ({ data: changed } = await queryFulfilled);
          } catch {
            return; // the caller tells the person; the invalidation refetches
          }
          // The answer's state shows at once, before the refetch of the lists comes back.
          const replace = (list: RequestList) => {
            const index = list.result.findIndex((request) => request.__id === changed.__id);
            if (index >= 0) list.result[index] = changed;
          };
          const state = getState();
          for (const args of applicationsApi.util.selectCachedArgsForQuery(state, 'myRequestList'))
            dispatch(applicationsApi.util.updateQueryData('myRequestList', args, replace));
          for (const args of applicationsApi.util.selectCachedArgsForQuery(state, 'competitionRequests'))
            dispatch(applicationsApi.util.updateQueryData('competitionRequests', args, replace));
          dispatch(applicationsApi.util.upsertQueryData('applicationById', changed.__id, changed));
        },
      }),
    }),
  });

export const {
  useMyRequestListQuery,
  useCompetitionRequestsQuery,
  useApplicationByIdQuery,
  useChangeRequestStateMutation,
} = applicationsApi;
