import { useId, type ReactNode } from 'react';
import { publicConfig } from '@fed/api-client';
import { FailedRead, PageSkeleton } from '@fed/ui-kit';
import { usePublicOrganizationQuery } from '../../api/registry-api';
import { OrganizationProfile } from './organization-profile';

export interface FederationProfileProps {
  /** The federation's documents, composed by the app (which owns them). */
  documents?: ReactNode;
}

/**
 * The federation's own page: the organization of the public configuration's fixed id, with its documents,
 * its events and its organizations.
 */
export function FederationProfile({ documents }: FederationProfileProps) {
  const titleId = useId();
  const query = usePublicOrganizationQuery(publicConfig().federationProfileId);
  if (query.currentData) {
    return (
      <OrganizationProfile organization={query.currentData} titleId={titleId} federation={{ documents }} />
    );
  }
  if (query.isError && !query.isFetching) {
    return (
      <FailedRead title="Не удалось загрузить страницу федерации" onRetry={() => void query.refetch()} />
    );
  }
  return <PageSkeleton label="Загрузка страницы федерации…" />;
}
