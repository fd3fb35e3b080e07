import { baseApi, platformGet, platformPost, type ScriptInput, type ScriptOutput } from '@fed/api-client';
import {
  createSportsmanProcess,
  platformApps,
  type ProfileUpdateContext,
  type SportsmanRecord,
} from '@fed/contracts';

const OWN_RECORD = 'OwnRecord';
const REPRESENTATIVE = 'LegalRepresentative';

/** A field of the `sportsman` app's record (athletes and organizations alike). */
export type SportsmanField = keyof SportsmanRecord & string;

/** The record read by fields: the record, the fields of it a view shows. */
interface OwnRecordRead {
  id: string;
  fields: readonly SportsmanField[];
}

/** The minor's representative as the form gives it, and whose it is (for what to read again). */
interface RepresentativeSave {
  sportsmanId: string;
  representative: ScriptInput<'createUpdateLegalRepresentative'>;
}

/**
 * The signed-in person's own profile: its record read by the fields a view shows (spec §7 "Record read by
 * application, id and fields list"; the api lets a login read only its own), its update (`runBP`: business process
 * `create_sportsman` of the `sportsman` app with the organization or sportsman update context, spec §7), a minor's
 * legal representative and the consent to publish. Every write refetches the record it changed.
 */
export const ownProfileApi = baseApi
  .enhanceEndpoints({ addTagTypes: [OWN_RECORD, REPRESENTATIVE] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The fields asked of the athlete's or organization's own record, as `fieldsData` answers them. */
      ownRecord: build.query<Partial<SportsmanRecord>, OwnRecordRead>({
        query: ({ id, fields }) =>
          platformGet('getRecordFields', { application: platformApps.sportsman, id, fields: [...fields] }),
        transformResponse: (answer: ScriptOutput<'getRecordFields'>) =>
          answer.fieldsData as Partial<SportsmanRecord>,
        providesTags: (_answer, _error, { id }) => [{ type: OWN_RECORD, id }],
      }),
      /** The club an athlete belongs to, by its public page: its name for the cabinet. */
      ownClub: build.query<ScriptOutput<'getOrganizationProfile'>, string>({
        query: (id) => platformGet('getOrganizationProfile', { id }),
      }),
      /** Spec §7 organization or sportsman update context; `fieldsForClear` empties what was cleared. */
      updateOwnProfile: build.mutation<ScriptOutput<'runBP'>, ProfileUpdateContext>({
        query: (context) => platformPost('runBP', { ...createSportsmanProcess, context }),
        invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: OWN_RECORD, id }]),
      }),
      legalRepresentative: build.query<ScriptOutput<'getLegalRepresentative'>, string>({
        query: (sportsmanId) => platformGet('getLegalRepresentative', { sportsmanId }),
        providesTags: (_answer, _error, sportsmanId) => [{ type: REPRESENTATIVE, id: sportsmanId }],
      }),
      /**
       * Creates the minor's representative, or changes the one there is: spec §7 sends the representative alone,
       * the platform knows the athlete by the call's `userId` (the active account, whose cabinet this is). A failure
       * is logged by the base query (as every failure, spec §8) and rethrown to the form by `unwrap()`.
       */
      saveLegalRepresentative: build.mutation<
        ScriptOutput<'createUpdateLegalRepresentative'>,
        RepresentativeSave
      >({
        query: ({ representative }) => platformPost('createUpdateLegalRepresentative', representative),
        invalidatesTags: (_answer, error, { sportsmanId }) =>
          error
            ? []
            : [
                { type: REPRESENTATIVE, id: sportsmanId },
                { type: OWN_RECORD, id: sportsmanId },
              ],
      }),
      /** What others may see of the athlete; `givenBy` is the login making the choice (the token's `sub`). */
      setPublishConsent: build.mutation<ScriptOutput<'setPublishConsent'>, ScriptInput<'setPublishConsent'>>({
        query: (input) => platformPost('setPublishConsent', input),
        invalidatesTags: (_answer, error, { sportsmanId }) =>
          error ? [] : [{ type: OWN_RECORD, id: sportsmanId }],
      }),
    }),
  });

export const {
  useOwnClubQuery,
  useUpdateOwnProfileMutation,
  useLegalRepresentativeQuery,
  useSaveLegalRepresentativeMutation,
  useSetPublishConsentMutation,
} = ownProfileApi;

/**
 * The own record `id` read by `fields`, the fields a view shows (listed where the view is): `record` holds those
 * alone, and is typed so, so that a view using a field it did not ask for does not compile.
 */
export function useOwnRecord<const Fields extends readonly SportsmanField[]>(
  id: string,
  fields: Fields,
  options: { skip?: boolean } = {},
) {
  const read = ownProfileApi.useOwnRecordQuery({ id, fields }, options);
  return { ...read, record: read.data as Pick<SportsmanRecord, Fields[number]> | undefined };
}
