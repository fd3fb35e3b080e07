import { skipToken } from '@reduxjs/toolkit/query';
import { useId, type ReactNode } from 'react';
import { isMissingRecord, publicConfig, type PagePrefetch } from '@fed/api-client';
import { FailedRead, PageSkeleton } from '@fed/ui-kit';
import { registryApi, usePublicProfileQuery } from '../api/registry-api';
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
  /** What the viewer may do about an athlete's page (act as them, one of their own login's), under the name. */
  athleteActions?: ReactNode;
}

/** Someone's public page as the page reads it: the federation's record, or whoever else the id is, in one read. */
export const prefetchPublicProfile: PagePrefetch = async ({ params }, dispatch) => {
  const id = params['id'];
  if (!id) return;
  if (id === publicConfig().federationProfileId) {
    await dispatch(registryApi.endpoints.publicOrganization.initiate(id));
    return;
  }
  await dispatch(registryApi.endpoints.publicProfile.initiate(id));
};

/**
 * `/profile/{id}` of someone else, for guests too: an athlete's page or a club's, as the one read of the id says,
 * else the 404 view. The federation's fixed id is its own page (spec §2: the menus' «Федерация» link).
 */
export function PublicProfile({
  id,
  notFound,
  nameAs,
  federationDocuments,
  athleteActions,
}: PublicProfileProps) {
  const titleId = useId();
  const federation = id === publicConfig().federationProfileId;
  const query = usePublicProfileQuery(federation ? skipToken : id);
  const page = query.currentData;

  if (federation) {
    return (
      <>
        {nameAs?.('federation')}
        <FederationProfile documents={federationDocuments} />
      </>
    );
  }
  if (page?.kind === 'sportsman') {
    return (
      <>
        {nameAs?.('sportsman')}
        <AthleteProfile athlete={page.profile} titleId={titleId} actions={athleteActions} />
      </>
    );
  }
  if (page?.kind === 'organization') {
    return (
      <>
        {nameAs?.('organization')}
        <OrganizationProfile organization={page.profile} titleId={titleId} />
      </>
    );
  }
  if (query.isFetching) return <PageSkeleton label="Загрузка профиля…" />;
  if (isMissingRecord(query.error)) return <>{notFound}</>;
  if (query.isError) {
    return <FailedRead title="Не удалось загрузить профиль" onRetry={() => void query.refetch()} />;
  }
  return <PageSkeleton label="Загрузка профиля…" />;
}
