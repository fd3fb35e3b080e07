import { baseApi, platformGet, platformPost, type ScriptInput, type ScriptOutput } from '@fed/api-client';

const ORGANIZER_EVENTS = 'OrganizerEvents';
const DOCUMENTS = 'CompetitionDocuments';
/** The public events list of `./events-api` (its tag): a new event belongs there too. */
const PUBLIC_EVENT_LIST = { type: 'Event', id: 'LIST' } as const;

/**
 * The organization side of competitions: its own events, creating one and submitting the competition's
 * documents (files go up through api-client's `useUploadFileMutation`). The event itself and the age classes
 * are read through `./events-api`.
 */
export const organizerApi = baseApi
  .enhanceEndpoints({ addTagTypes: [ORGANIZER_EVENTS, DOCUMENTS, PUBLIC_EVENT_LIST.type] })
  .injectEndpoints({
    endpoints: (build) => ({
      /**
       * Named apart from the public `events`, so the profile's list and the events page keep their own pages, and
       * from every other library's endpoint in the one `baseApi` (a second `organizerEvents` of photo-video, with
       * another argument, took this one's place once both were loaded and broke 'Мои мероприятия').
       */
      ownCompetitionList: build.query<ScriptOutput<'getEvents'>, ScriptInput<'getEvents'>>({
        query: (input) => platformGet('getEvents', input),
        providesTags: [ORGANIZER_EVENTS],
      }),
      createCompetition: build.mutation<ScriptOutput<'createCompetition'>, ScriptInput<'createCompetition'>>({
        query: (input) => platformPost('createCompetition', input),
        invalidatesTags: (created) => (created ? [ORGANIZER_EVENTS, PUBLIC_EVENT_LIST] : []),
      }),
      competitionDocuments: build.query<
        ScriptOutput<'getCompetitionDocuments'>,
        ScriptInput<'getCompetitionDocuments'>
      >({
        query: (input) => platformGet('getCompetitionDocuments', input),
        providesTags: (_result, _error, { competitionId }) => [{ type: DOCUMENTS, id: competitionId }],
      }),
      submitCompetitionDocument: build.mutation<
        ScriptOutput<'submitCompetitionDocument'>,
        ScriptInput<'submitCompetitionDocument'>
      >({
        query: (input) => platformPost('submitCompetitionDocument', input),
        invalidatesTags: (_result, _error, { competitionId }) => [{ type: DOCUMENTS, id: competitionId }],
      }),
    }),
  });

export const {
  useOwnCompetitionListQuery,
  useCreateCompetitionMutation,
  useCompetitionDocumentsQuery,
  useSubmitCompetitionDocumentMutation,
} = organizerApi;
