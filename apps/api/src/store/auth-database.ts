import type { ContractorType } from '@fed/contracts';
import type { Generated, Kysely } from 'kysely';
import type { ClubDigestTables } from './club-digest-tables';
import type { NoticesTables } from './notices-tables';
import type { OrdersTables } from './orders-tables';

/**
 * Tables of the auth store. Times are epoch milliseconds (`bigint` columns, read back as numbers on both
 * dialects); ids are random UUIDs made by the api; nothing secret is stored in the clear.
 */
export interface AuthDatabase extends OrdersTables, NoticesTables, ClubDigestTables {
  /** One login per phone (E.164). */
  logins: {
    id: string;
    phone: string;
    /** The role the login registered with; the default role of a sign-in. */
    primary_type: ContractorType;
    created_at: number;
    updated_at: number;
  };
  /** Platform records (athletes, the organization) bound to a login. */
  login_contractors: {
    contractor_id: string;
    login_id: string;
    contractor_type: ContractorType;
    created_at: number;
  };
  /** Confirmation codes, kept as keyed hashes. `payload` holds the pending registration or phone change. */
  auth_codes: {
    id: string;
    phone: string;
    purpose: string;
    code_hash: string;
    payload: string | null;
    ip_hash: string;
    created_at: number;
    expires_at: number;
    attempts: Generated<number>;
    consumed_at: number | null;
  };
  /** A sign-in session: every refresh token issued from one confirmation descends from it. */
  refresh_families: {
    id: string;
    login_id: string;
    contractor_type: ContractorType;
    active_contractor_id: string;
    created_at: number;
    revoked_at: number | null;
    revoke_reason: string | null;
  };
  refresh_tokens: {
    id: string;
    family_id: string;
    token_hash: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  /** Hits of the store-backed rate limits; `subject_hash` is a keyed hash of the phone or IP. */
  rate_events: {
    id: string;
    bucket: string;
    subject_hash: string;
    created_at: number;
  };
  /** What happened, without secrets: phones masked, IPs hashed, no codes or tokens. */
  audit_events: {
    id: string;
    login_id: string | null;
    event: string;
    phone_masked: string | null;
    ip_hash: string | null;
    details: string | null;
    created_at: number;
  };
}

export type AuthDb = Kysely<AuthDatabase>;

/** Injection token of the `Kysely<AuthDatabase>` instance. */
export const AUTH_DB = Symbol('AUTH_DB');
