import {
  baseApi,
  platformGet,
  platformRecordList,
  type PagePrefetch,
  type ScriptOutput,
} from '@fed/api-client';
import type { ElmaListAnswer, OfferRecord } from '@fed/contracts';

/** The federation's legal offer documents (spec §1: three fixed ones): the footer's list and one to read. */
export const legalDocumentsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    offerDocuments: build.query<OfferRecord[], void>({
      query: () =>
        platformRecordList('offer', { size: 20, sortExpressions: [{ field: '__name', ascending: true }] }),
      transformResponse: (answer: ElmaListAnswer<OfferRecord>) => answer.result.result,
      // The documents change rarely: one load per visit is enough.
      keepUnusedDataFor: 3600,
    }),
    offerDocument: build.query<ScriptOutput<'getOfferDocument'>['data'], string>({
      query: (id) => platformGet('getOfferDocument', { id }),
      transformResponse: (answer: ScriptOutput<'getOfferDocument'>) => answer.data,
    }),
  }),
});

export const { useOfferDocumentsQuery, useOfferDocumentQuery } = legalDocumentsApi;

/** The footer's list, which every framed page shows. */
export const prefetchOfferDocuments: PagePrefetch = async (_page, dispatch) => {
  await dispatch(legalDocumentsApi.endpoints.offerDocuments.initiate());
};

/** `/documents/{id}`'s document. */
export const prefetchOfferDocument: PagePrefetch = async ({ params }, dispatch) => {
  await dispatch(legalDocumentsApi.endpoints.offerDocument.initiate(params['id'] ?? ''));
};
