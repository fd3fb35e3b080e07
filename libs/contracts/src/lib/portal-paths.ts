import type { EligibilityReason } from './platform/scripts';

/**
 * Where in the portal a person fixes what an eligibility refusal names: the one place to change when those
 * pages move.
 */
export const LEGAL_REPRESENTATIVE_ANCHOR = 'legal-representative';

export const fixPaths = {
  /** The cabinet's legal representative section. */
  legalRepresentative: `/profile#${LEGAL_REPRESENTATIVE_ANCHOR}`,
  /**
   * The athlete's membership application (spec §2 `/apply-membership/{id}`); from an event's apply form, with
   * the event, so that the order page leads back to it once the membership is paid.
   */
  membership: (athleteId: string, competitionId?: string) =>
    `/apply-membership/${encodeURIComponent(athleteId)}${
      competitionId ? `?event=${encodeURIComponent(competitionId)}` : ''
    }`,
} as const;

/** A refusal's way out: what the link says and where it leads. */
export interface RefusalFix {
  text: string;
  to: string;
}

/**
 * The fix for a reason that names one (a missing representative, a membership), else null; `competitionId`:
 * the event refused, to come back to once it is fixed.
 */
export function refusalFix(
  reason: Pick<EligibilityReason, 'code'>,
  athleteId: string,
  competitionId?: string,
): RefusalFix | null {
  switch (reason.code) {
    case 'minor_without_representative':
      return { text: 'Добавить законного представителя', to: fixPaths.legalRepresentative };
    case 'membership_expired':
      return { text: 'Оформить членство', to: fixPaths.membership(athleteId, competitionId) };
    default:
      return null;
  }
}
