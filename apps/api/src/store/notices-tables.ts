/**
 * The notices' tables in the api's store (migration `0004_notices`). Times are epoch milliseconds.
 * A notice is written once (its `dedupe_key` is unique), in the transaction of the change that causes it, with
 * one `outbox` row per channel that may carry it beyond the portal; the worker sends those rows.
 */
export interface NoticesTables {
  notices: {
    id: string;
    /**
     * What makes a notice once: `kind:subject:moment` (`payment_succeeded:<attempt>`,
     * `application_returned:<request>:<history instant>`). A second write of the same change finds it taken.
     */
    dedupe_key: string;
    /** The athlete or organization record the notice is about. */
    recipient_id: string;
    /** The login that holds that record, when there is one (an athlete may have no login yet). */
    login_id: string | null;
    kind: string;
    /** JSON: `{title, text, recipientName, …}`, as written (the list shows it as it was). */
    payload: string;
    /** The portal's page the notice is about, root-relative. */
    link: string;
    created_at: number;
    read_at: number | null;
  };
  /** One row per notice and channel beyond the portal (`sms`, `email`): what the worker sends, once. */
  outbox: {
    id: string;
    notice_id: string;
    channel: string;
    /** `due` (to send), `sent`, `skipped` (turned off, no address, not urgent), `failed` (gave up). */
    state: string;
    attempts: number;
    /** When it may be sent: now, after a backoff, or at 09:00 Moscow for an SMS due at night. */
    next_attempt_at: number;
    /** A worker's lease: nobody else claims the row until then (a worker that died lets it lapse). */
    locked_until: number | null;
    lease_holder: string | null;
    sent_at: number | null;
    /** What the gateway answered the last failed attempt (no text, no number, no address). */
    last_error: string | null;
    created_at: number;
    updated_at: number;
  };
  /** A login's choices: a row turns one kind by one channel on or off (no row: the kind's default). */
  notice_preferences: {
    login_id: string;
    kind: string;
    channel: string;
    enabled: number;
    updated_at: number;
  };
  /** Where a login's e-mail goes. */
  notice_contacts: {
    login_id: string;
    email: string | null;
    updated_at: number;
  };
  /**
   * What the event watch last saw of an upcoming event (migration `0005_event_watch`): a change from it is told
   * to the event's entrants, once.
   */
  event_watch: {
    event_id: string;
    /** RFC 3339 in UTC (`toISOString`), as compared. */
    date_start: string;
    date_end: string;
    /** 1 when the platform said the event is cancelled. */
    cancelled: number;
    /** Changes told so far (0 at first sight); a change moves it by one, only from the value it was read at. */
    revision: number;
    seen_at: number;
    changed_at: number;
  };
}
