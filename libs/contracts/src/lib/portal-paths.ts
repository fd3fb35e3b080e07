import type { EligibilityReason } from './platform/scripts';

/**
 * Where in the portal a person fixes what an eligibility refusal names. The profile and membership pages
 * that will hold these places are built later: until then the links lead to where they will be, and this is
 * the one place to change when they move.
 */
export const LEGAL_REPRESENTATIVE_ANCHOR = 'legal-representative';

export const fixPaths = {
  /** The cabinet's legal representative section. */
  legalRepresentative: `/profile#${LEGAL_REPRESENTATIVE_ANCHOR}`,
  /** The athlete's membership application (spec §2 `/apply-membership/{id}`). */
  membership: (athleteId: string) => `/apply-membership/${encodeURIComponent(athleteId)}`,
} as const;

/** A refusal's way out: what the link says and where it leads. */
export interface RefusalFix {
  text: string;
  to: string;
}

/** The fix for a reason that names one (a missing representative, a membership), else null. */
export function refusalFix(reason: Pick<EligibilityReason, 'code'>, athleteId: string): RefusalFix | null {
  switch (reason.code) {
    case 'minor_without_representative':
      return { text: 'Добавить законного представителя', to: fixPaths.legalRepresentative };
    case 'membership_expired':
      return { text: 'Оформить членство', to: fixPaths.membership(athleteId) };
    default:
      return null;
  }
}
