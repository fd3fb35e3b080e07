/* Plain constants, apart from the schemas of `elma-app-api.ts`: the portal builds platform paths with them
   and must not ship zod for that. */

/**
 * `/pub/v1/app/{namespace}/{code}/...`: generic reads and writes of app items.
 * The namespace of the federation's apps on the platform.
 */
export const PLATFORM_NAMESPACE = 'sport';

/** Codes of the federation's apps inside {@link PLATFORM_NAMESPACE}. */
export const platformApps = {
  /** Athletes and organizations alike; `representative_new` tells them apart. */
  sportsman: 'sportsman',
  ageClasses: 'vozrastnye_klassy',
  offer: 'offer',
  competitions: 'competitions',
  programs: 'programs',
  requests: 'requests',
  sales: 'photo_video_sales',
  /** Photos and videos an organizer uploaded to its event (files on the platform's disk), tagged to entries. */
  media: 'photo_video_media',
  memberships: 'memberships',
  legalRepresentatives: 'legal_representatives',
  /** Documents organizers submit for their competitions; the federation reviews them on the platform. */
  competitionDocuments: 'competition_documents',
  /** The federation's settings: one record (membership term rule, fee, reminders). */
  settings: 'settings',
} as const;
export type PlatformAppCode = (typeof platformApps)[keyof typeof platformApps];

/** Business processes of the `sportsman` app (`runBP`, `/pub/v1/bpm/template/{ns}/{code}/run`). */
export const platformProcesses = {
  /** Creates an athlete, or (with an update context of spec §7) updates an athlete's or organization's profile. */
  createSportsman: 'create_sportsman',
} as const;
export type PlatformProcessCode = (typeof platformProcesses)[keyof typeof platformProcesses];

/**
 * What `runBP` names besides the context (spec §7 "Starts business process create_sportsman in application
 * sportsman"): the one process every profile write starts, the api's and the portal's alike.
 */
export const createSportsmanProcess = {
  application: platformApps.sportsman,
  process: platformProcesses.createSportsman,
} as const;
