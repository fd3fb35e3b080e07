/**
 * A club's digest of new applications to its events (migration `0006_club_digest`). Times are epoch
 * milliseconds. An application is recorded once per organizer when the api sees the platform create it (or take
 * it back to review after a correction); the digest job tells each organizer of what it has not been told, at
 * most once an hour.
 */
export interface ClubDigestTables {
  club_applications: {
    /**
     * What makes an entry once: the request's id for a new application, `<request>:resent:<instant>` for one
     * sent again after a return (each correction is news once).
     */
    entry_key: string;
    /** The organizer told of it (one entry per organizer of the event). */
    organization_id: string;
    request_id: string;
    /** `new` or `resent`. */
    kind: string;
    competition_id: string;
    /** The event's name as the application named it (the digest groups by event). */
    competition_name: string;
    /** The athlete's name, for the organizer's eyes only (never logged). */
    sportsman_name: string;
    created_at: number;
    /** The digest notice that told of it; null until one has. */
    digest_id: string | null;
  };
  /** When each organizer was last sent a digest: the claim that makes it at most one an hour. */
  club_digests: {
    organization_id: string;
    last_digest_at: number;
  };
}
