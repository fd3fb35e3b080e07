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

/** An event's public page (spec §2 `/competitions/{id}`). */
export const competitionPagePath = (competitionId: string) =>
  `/competitions/${encodeURIComponent(competitionId)}`;

/** The portal's photo/video addresses (spec §2), built in one place. */
export const photoVideoPaths = {
  /** Order photos and videos of the active athlete's performances at an event. */
  apply: (competitionId: string) => `/apply/photo-video/${encodeURIComponent(competitionId)}`,
  /** Change an unpaid order (a sale of it) or cancel it. */
  edit: (saleId: string) => `/apply/photo-video/edit/${encodeURIComponent(saleId)}`,
  /** The active athlete's media locker of an event. */
  locker: (competitionId: string) => `/photo-video/${encodeURIComponent(competitionId)}`,
  /** An athlete's photo/video orders. */
  list: (sportsmanId: string) => `/profile/applications/photo-video/${encodeURIComponent(sportsmanId)}`,
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
