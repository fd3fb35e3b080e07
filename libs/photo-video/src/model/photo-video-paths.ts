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
