import { baseApi, platformGet, platformPost, REQUEST_LIST_TAG, REQUEST_TAG } from '@fed/api-client';
import type { ScriptInput, ScriptOutput } from '@fed/api-client';
import {
  FILES_ENDPOINT,
  type ApplicationEligibility,
  type EventDetails,
  type RequestView,
} from '@fed/contracts';

const EVENT = 'Event';
const ELIGIBILITY = 'Eligibility';
const EVENT_LIST = { type: EVENT, id: 'LIST' } as const;
/**
 * Newest first, the platform's largest page: an athlete's requests to events still to come are among the
 * newest, and a hundred covers years of competing.
 */
const MY_REQUESTS_SIZE = 100;

/** A platform answer that wraps its record in `data`. */
const dataOf = <T>(answer: { data: T }) => answer.data;

/** Where a public file of the platform (an accepted competition document) is downloaded. */
export const fileUrl = (fileId: string) => `${FILES_ENDPOINT}/${encodeURIComponent(fileId)}`;

/**
 * The athlete side of competitions: the events list and page, eligibility, applying and changing an
 * application. Applying or changing refetches the event (places taken), its eligibility and the lists.
 */
export const eventsApi = baseApi
  .enhanceEndpoints({ addTagTypes: [EVENT, ELIGIBILITY, REQUEST_TAG, REQUEST_LIST_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      events: build.query<ScriptOutput<'getEvents'>, ScriptInput<'getEvents'>>({
        query: (input) => platformGet('getEvents', input),
        providesTags: [EVENT_LIST],
      }),
      eventById: build.query<EventDetails, string>({
        query: (id) => platformGet('getEventById', { id }),
        transformResponse: dataOf<EventDetails>,
        providesTags: (_event, _error, id) => [{ type: EVENT, id }],
      }),
      ageClasses: build.query<ScriptOutput<'getAgeClasses'>, void>({
        query: () => platformGet('getAgeClasses', {}),
      }),
      applicationEligibility: build.query<ApplicationEligibility, ScriptInput<'getApplicationEligibility'>>({
        query: (input) => platformGet('getApplicationEligibility', input),
        transformResponse: dataOf<ApplicationEligibility>,
        providesTags: (_eligibility, _error, { competitionId }) => [{ type: ELIGIBILITY, id: competitionId }],
      }),
      /**
       * The athlete's own competition requests, to show on the event page and the list which events they entered:
       * one request for all of them (named apart from the applications library's `myRequestList`).
       */
      myCompetitionRequests: build.query<ScriptOutput<'getMyRequestList'>, string>({
        query: (sportsmanID) =>
          platformGet('getMyRequestList', {
            sportsmanID,
            nomenclature_type: 'competition',
            from: 0,
            size: MY_REQUESTS_SIZE,
          }),
        providesTags: [REQUEST_LIST_TAG],
      }),
      /** Named apart from the applications library's `applicationById`, which caches the same script. */
      requestToEdit: build.query<RequestView, string>({
        query: (id) => platformGet('getApplicationById', { id }),
        transformResponse: dataOf<RequestView>,
        providesTags: (_request, _error, id) => [{ type: REQUEST_TAG, id }],
      }),
      // A refused application changes nothing, so nothing refetches: the form stays as the athlete left it.
      createApplication: build.mutation<RequestView, ScriptInput<'createApplication'>>({
        query: (input) => platformPost('createApplication', input),
        transformResponse: dataOf<RequestView>,
        invalidatesTags: (request, _error, { competitionId }) =>
          request
            ? [
                { type: ELIGIBILITY, id: competitionId },
                { type: EVENT, id: competitionId },
                EVENT_LIST,
                REQUEST_LIST_TAG,
              ]
            : [],
      }),
      updateApplication: build.mutation<RequestView, ScriptInput<'updateApplication'>>({
        query: (input) => platformPost('updateApplication', input),
        transformResponse: dataOf<RequestView>,
        invalidatesTags: (request, _error, { requestId }) =>
          request
            ? [
                { type: REQUEST_TAG, id: requestId },
                REQUEST_LIST_TAG,
                ...request.competition.flatMap((id) => [
                  { type: ELIGIBILITY, id } as const,
                  { type: EVENT, id } as const,
                ]),
              ]
            : [],
      }),
    }),
  });

export const {
  useEventsQuery,
  useEventByIdQuery,
  useAgeClassesQuery,
  useApplicationEligibilityQuery,
  useRequestToEditQuery,
  useMyCompetitionRequestsQuery,
  useCreateApplicationMutation,
  useUpdateApplicationMutation,
} = eventsApi;
