import type { SerializedError } from '@reduxjs/toolkit';
import { skipToken, type FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useId, type ReactNode } from 'react';
import { publicConfig, type PagePrefetch } from '@fed/api-client';
import { ErrorState, PageSkeleton } from '@fed/ui-kit';
import { registryApi, usePublicOrganizationQuery, usePublicSportsmanQuery } from '../api/registry-api';
import { AthleteProfile } from '../components/registry/athlete-profile';
import { FederationProfile } from '../components/registry/federation-profile';
import { OrganizationProfile } from '../components/registry/organization-profile';

/** What a public profile turns out to be once read: the app names the page after it (spec §2 titles). */
export type PublicProfileView = 'sportsman' | 'organization' | 'federation';

export interface PublicProfileProps {
  id: string;
  /** Shown for an id that is neither an athlete nor an organization. */
  notFound: ReactNode;
  /** Names the page (header and tab) once it is known what it shows. */
  nameAs?: (view: PublicProfileView) => ReactNode;
  /** The federation's documents, composed by the app; shown on the federation's page. */
  federationDocuments?: ReactNode;
}

/**
 * The platform answers 404 for an id that is not of the asked kind (an organization's id to the athletes'
 * read) or unknown, and 400 for one it cannot read: either way there is no such page.
 */
function isMissing(error: FetchBaseQueryError | SerializedError | undefined): boolean {
  return !!error && 'status' in error && (error.status === 404 || error.status === 400);
}

/**
 * Someone's public page as the page reads it: the federation's record, or the athlete's, and the club's when
 * the id is no athlete's.
 */
export const prefetchPublicProfile: PagePrefetch = async ({ params }, dispatch) => {
  const id = params['id'];
  if (!id) return;
  if (id === publicConfig().federationProfileId) {
    await dispatch(registryApi.endpoints.publicOrganization.initiate(id));
    return;
  }
  const athlete = await dispatch(registryApi.endpoints.publicSportsman.initiate(id));
  if (isMissing(athlete.error)) await dispatch(registryApi.endpoints.publicOrganization.initiate(id));
};

/**
 * `/profile/{id}` of someone else, for guests too: an athlete's page, else a club's, else the 404 view. The
 * federation's fixed id is its own page (spec §2: the menus' «Федерация» link). The athlete's read goes first,
 * most profiles being athletes'; a club costs one more read.
 */
export function PublicProfile({ id, notFound, nameAs, federationDocuments }: PublicProfileProps) {
  const titleId = useId();
  const federation = id === publicConfig().federationProfileId;
  const athlete = usePublicSportsmanQuery(federation ? skipToken : id);
  const notAthlete = isMissing(athlete.error) && !athlete.isFetching;
  const organization = usePublicOrganizationQuery(notAthlete ? id : skipToken);

  if (federation) {
    return (
      <>
        {nameAs?.('federation')}
        <FederationProfile documents={federationDocuments} />
      </>
    );
  }
  if (athlete.currentData) {
    return (
      <>
        {nameAs?.('sportsman')}
        <AthleteProfile athlete={athlete.currentData} titleId={titleId} />
      </>
    );
  }
  if (notAthlete && organization.currentData) {
    return (
      <>
        {nameAs?.('organization')}
        <OrganizationProfile organization={organization.currentData} titleId={titleId} />
      </>
    );
  }
  if (notAthlete && isMissing(organization.error) && !organization.isFetching) return <>{notFound}</>;

  const failed = (athlete.isError && !notAthlete) || (organization.isError && !isMissing(organization.error));
  if (failed && !athlete.isFetching && !organization.isFetching) {
    return (
      <ErrorState
        title="Не удалось загрузить профиль"
        onRetry={() => void (notAthlete ? organization.refetch() : athlete.refetch())}
      />
    );
  }
  return <PageSkeleton label="Загрузка профиля…" />;
}
