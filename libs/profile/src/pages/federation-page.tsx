import type { ReactNode } from 'react';
import { FederationProfile } from '../components/registry/federation-profile';

export interface FederationPageProps {
  /** The federation's documents (the offer documents the footer lists), composed by the app. */
  documents?: ReactNode;
}

/** `/fk`: the federation's own page, titled with its short name by the route table. */
export function FederationPage({ documents }: FederationPageProps) {
  return <FederationProfile documents={documents} />;
}
