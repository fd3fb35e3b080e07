import { baseApi, platformGet, type ScriptInput, type ScriptOutput } from '@fed/api-client';
import type { OrganizationProfile, PublicProfile } from '@fed/contracts';

/** A platform answer that wraps its record in `data`. */
const dataOf = <T>(answer: { data: T }) => answer.data;

/**
 * The federation's public registry: the athletes' and organizations' directories, a person's and a club's
 * public page, a club's (or the federation's) events and the age classes the directory filters by. Every
 * answer is public and already filtered by the api for whoever asks (docs/security.md «Who sees what»): the
 * pages show what comes and never decide privacy themselves. Endpoint names are the registry's own, apart from
 * the competitions library's, which caches some of the same scripts.
 */
export const registryApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    registrySportsmen: build.query<ScriptOutput<'getSportsmen'>, ScriptInput<'getSportsmen'>>({
      query: (input) => platformGet('getSportsmen', input),
    }),
    registryOrganizations: build.query<ScriptOutput<'getOrganizations'>, ScriptInput<'getOrganizations'>>({
      query: (input) => platformGet('getOrganizations', input),
    }),
    /** Someone's public page, an athlete's or an organization's: one read of the id decides which. */
    publicProfile: build.query<PublicProfile, string>({
      query: (id) => platformGet('getPublicProfile', { id }),
      transformResponse: dataOf<PublicProfile>,
    }),
    publicOrganization: build.query<OrganizationProfile, string>({
      query: (id) => platformGet('getOrganizationProfile', { id }),
      transformResponse: dataOf<OrganizationProfile>,
    }),
    /** A club's (or the federation's) events, upcoming or past. */
    registryEvents: build.query<ScriptOutput<'getEvents'>, ScriptInput<'getEvents'>>({
      query: (input) => platformGet('getEvents', input),
    }),
    registryAgeClasses: build.query<ScriptOutput<'getAgeClasses'>['result'], void>({
      query: () => platformGet('getAgeClasses', {}),
      transformResponse: (answer: ScriptOutput<'getAgeClasses'>) => answer.result,
      // The classes change once a season at most.
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const {
  useRegistrySportsmenQuery,
  useRegistryOrganizationsQuery,
  useLazyRegistryOrganizationsQuery,
  usePublicProfileQuery,
  usePublicOrganizationQuery,
  useRegistryEventsQuery,
  useRegistryAgeClassesQuery,
} = registryApi;
