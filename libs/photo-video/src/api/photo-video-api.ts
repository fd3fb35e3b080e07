import {
  apiPath,
  baseApi,
  platformGet,
  platformPost,
  REQUEST_LIST_TAG,
  REQUEST_TAG,
  type ScriptInput,
  type ScriptOutput,
} from '@fed/api-client';
import {
  mediaPaths,
  type DeleteMediaBody,
  type MediaLocker,
  type OrganizerEventMedia,
  type PhotoVideoOffer,
  type PhotoVideoSale,
  type TagMediaBody,
} from '@fed/contracts';

/** An athlete's offer and sales at an event, and the locker's media: what a change to a sale refetches. */
export const PHOTO_VIDEO_TAG = 'PhotoVideo' as const;
/** The organizer's media of one event. */
export const EVENT_MEDIA_TAG = 'EventMedia' as const;

export interface LockerArgs {
  competitionId: string;
  sportsmanId: string;
}

export interface EventMediaChange<Body> {
  competitionId: string;
  body: Body;
}

/**
 * Photo and video: the athlete's sales (platform scripts through the proxy) and the api's media — the locker
 * with its signed links, and the organizer's media of its events. Uploads go through `uploadMedia` (progress
 * needs XHR).
 */
export const photoVideoApi = baseApi
  .enhanceEndpoints({ addTagTypes: [PHOTO_VIDEO_TAG, EVENT_MEDIA_TAG, REQUEST_TAG, REQUEST_LIST_TAG] })
  .injectEndpoints({
    endpoints: (build) => ({
      photoVideoOffer: build.query<PhotoVideoOffer, ScriptInput<'getPhotoVideoOffer'>>({
        query: (input) => platformGet('getPhotoVideoOffer', input),
        transformResponse: (answer: ScriptOutput<'getPhotoVideoOffer'>) => answer.data,
        providesTags: [PHOTO_VIDEO_TAG],
      }),
      photoVideoSale: build.query<PhotoVideoSale, string>({
        query: (saleId) => platformGet('getPhotoVideoSale', { saleId }),
        transformResponse: (answer: ScriptOutput<'getPhotoVideoSale'>) => answer.data,
        providesTags: [PHOTO_VIDEO_TAG],
      }),
      createPhotoVideoSales: build.mutation<PhotoVideoSale[], ScriptInput<'createPhotoVideoSales'>>({
        query: (input) => platformPost('createPhotoVideoSales', input),
        transformResponse: (answer: ScriptOutput<'createPhotoVideoSales'>) => answer.result,
        invalidatesTags: [PHOTO_VIDEO_TAG, REQUEST_LIST_TAG],
      }),
      updatePhotoVideoSale: build.mutation<PhotoVideoSale, ScriptInput<'updatePhotoVideoSale'>>({
        query: (input) => platformPost('updatePhotoVideoSale', input),
        transformResponse: (answer: ScriptOutput<'updatePhotoVideoSale'>) => answer.data,
        invalidatesTags: [PHOTO_VIDEO_TAG, REQUEST_LIST_TAG],
      }),
      /** An unpaid sale withdrawn (`cancelSales`); a paid one goes back through the orders API's refund. */
      cancelSale: build.mutation<ScriptOutput<'cancelSales'>['data'], string>({
        query: (saleId) => platformPost('cancelSales', { saleId }),
        transformResponse: (answer: ScriptOutput<'cancelSales'>) => answer.data,
        invalidatesTags: [PHOTO_VIDEO_TAG, REQUEST_LIST_TAG],
      }),
      myPhotoVideoRequests: build.query<ScriptOutput<'getMyRequestList'>, ScriptInput<'getMyRequestList'>>({
        query: (input) => platformGet('getMyRequestList', { ...input, nomenclature_type: 'photo_video' }),
        providesTags: [REQUEST_LIST_TAG, PHOTO_VIDEO_TAG],
      }),
      /** Signed anew at every read: never served from an old cache entry. */
      mediaLocker: build.query<MediaLocker, LockerArgs>({
        query: ({ competitionId, sportsmanId }) => apiPath(mediaPaths.locker(competitionId, sportsmanId)),
        providesTags: [PHOTO_VIDEO_TAG],
        keepUnusedDataFor: 0,
      }),
      /**
       * The organization's events, to pick those that sell photos and videos. Endpoint names are shared by every
       * library of the one `baseApi`: this one says whose it is.
       */
      photoVideoEvents: build.query<ScriptOutput<'getEvents'>, string>({
        query: (organizerId) =>
          platformGet('getEvents', { organizerId, when: 'all', sort: 'date_desc', from: 0, size: 100 }),
      }),
      organizerMedia: build.query<OrganizerEventMedia, string>({
        query: (competitionId) => apiPath(mediaPaths.event(competitionId)),
        providesTags: (_answer, _error, competitionId) => [{ type: EVENT_MEDIA_TAG, id: competitionId }],
        keepUnusedDataFor: 0,
      }),
      tagMedia: build.mutation<OrganizerEventMedia, EventMediaChange<TagMediaBody>>({
        query: ({ competitionId, body }) => ({
          url: apiPath(mediaPaths.tags(competitionId)),
          method: 'POST',
          body,
        }),
        async onQueryStarted({ competitionId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(photoVideoApi.util.upsertQueryData('organizerMedia', competitionId, data));
        },
      }),
      deleteMedia: build.mutation<OrganizerEventMedia, EventMediaChange<DeleteMediaBody>>({
        query: ({ competitionId, body }) => ({
          url: apiPath(mediaPaths.remove(competitionId)),
          method: 'POST',
          body,
        }),
        async onQueryStarted({ competitionId }, { dispatch, queryFulfilled }) {
          const { data } = await queryFulfilled.catch(() => ({ data: null }));
          if (data) dispatch(photoVideoApi.util.upsertQueryData('organizerMedia', competitionId, data));
        },
      }),
    }),
  });

export const {
  usePhotoVideoOfferQuery,
  usePhotoVideoSaleQuery,
  useCreatePhotoVideoSalesMutation,
  useUpdatePhotoVideoSaleMutation,
  useCancelSaleMutation,
  useMyPhotoVideoRequestsQuery,
  useMediaLockerQuery,
  usePhotoVideoEventsQuery,
  useOrganizerMediaQuery,
  useTagMediaMutation,
  useDeleteMediaMutation,
} = photoVideoApi;
