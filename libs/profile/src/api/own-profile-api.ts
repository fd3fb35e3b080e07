import {
  baseApi,
  platformGet,
  platformPost,
  platformRecordGet,
  type ScriptInput,
  type ScriptOutput,
} from '@fed/api-client';
import type { ElmaItemAnswer, SportsmanRecord, UpdateProfileContext } from '@fed/contracts';

const OWN_RECORD = 'OwnRecord';
const REPRESENTATIVE = 'LegalRepresentative';

/**
 * The signed-in person's own profile: the full record (spec §3 "full profile read": the api's answer filter
 * gives a login its own records whole), its update (`runBP` `update_profile`, spec §7), a minor's legal
 * representative and the consent to publish. Every write refetches the record it changed.
 */
export const ownProfileApi = baseApi
  .enhanceEndpoints({ addTagTypes: [OWN_RECORD, REPRESENTATIVE] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The athlete's or organization's own record (the proxy lets a login read only its own). */
      ownRecord: build.query<ElmaItemAnswer<SportsmanRecord>, string>({
        query: (id) => platformRecordGet('sportsman', id),
        providesTags: (_answer, _error, id) => [{ type: OWN_RECORD, id }],
      }),
      /** The club an athlete belongs to, by its public page: its name for the cabinet. */
      ownClub: build.query<ScriptOutput<'getOrganizationProfile'>, string>({
        query: (id) => platformGet('getOrganizationProfile', { id }),
      }),
      /** Spec §7 organization or sportsman update context; `fieldsForClear` empties what was cleared. */
      updateOwnProfile: build.mutation<ScriptOutput<'runBP'>, UpdateProfileContext>({
        query: (context) => platformPost('runBP', { process: 'update_profile', context }),
        invalidatesTags: (_answer, error, { id }) => (error ? [] : [{ type: OWN_RECORD, id }]),
      }),
      legalRepresentative: build.query<ScriptOutput<'getLegalRepresentative'>, string>({
        query: (sportsmanId) => platformGet('getLegalRepresentative', { sportsmanId }),
        providesTags: (_answer, _error, sportsmanId) => [{ type: REPRESENTATIVE, id: sportsmanId }],
      }),
      /**
       * Creates the minor's representative, or changes the one there is. A failure is logged by the base query
       * (as every failure, spec §8) and rethrown to the form by `unwrap()`.
       */
      saveLegalRepresentative: build.mutation<
        ScriptOutput<'createUpdateLegalRepresentative'>,
        ScriptInput<'createUpdateLegalRepresentative'>
      >({
        query: (input) => platformPost('createUpdateLegalRepresentative', input),
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
  useOwnRecordQuery,
  useOwnClubQuery,
  useUpdateOwnProfileMutation,
  useLegalRepresentativeQuery,
  useSaveLegalRepresentativeMutation,
  useSetPublishConsentMutation,
} = ownProfileApi;
