import type { AuthDb } from '../store/auth-database';
import { clubNewApplications, type DigestedApplication } from './notice-drafts';
import { loginOf, recordNotice } from './notices-store';

/** At most one digest per organization in this long (by the api's clock). */
export const CLUB_DIGEST_PERIOD_MS = 60 * 60 * 1000;

/** An application an organizer is to be told of. */
export interface ClubApplication extends DigestedApplication {
  /** The request's id (new), or `<request>:resent:<instant>` (sent again after a return). */
  entryKey: string;
  requestId: string;
  organizationId: string;
  sportsmanName: string;
}

/**
 * Records an application for its organizer's next digest, once per entry and organizer (`ON CONFLICT DO
 * NOTHING`: the same answer seen twice, by two instances, is one entry). Answers whether it was new.
 */
export async function recordClubApplication(
  db: AuthDb,
  application: ClubApplication,
  now: number,
): Promise<boolean> {
  const written = await db
    .insertInto('club_applications')
    .values({
      entry_key: application.entryKey,
      organization_id: application.organizationId,
      request_id: application.requestId,
      kind: application.kind,
      competition_id: application.competitionId,
      competition_name: application.competitionName,
      sportsman_name: application.sportsmanName,
      created_at: now,
      digest_id: null,
    })
    .onConflict((conflict) => conflict.columns(['entry_key', 'organization_id']).doNothing())
    .executeTakeFirst();
  return Number(written.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Organizations with applications not yet told of whose last digest (if any) is at least
 * {@link CLUB_DIGEST_PERIOD_MS} before `now`: the ones a run may digest (the claim decides).
 */
export async function organizationsDue(db: AuthDb, now: number): Promise<string[]> {
  const rows = await db
    .selectFrom('club_applications')
    .leftJoin('club_digests', 'club_digests.organization_id', 'club_applications.organization_id')
    .select('club_applications.organization_id as organizationId')
    .where('club_applications.digest_id', 'is', null)
    .where((eb) =>
      eb.or([
        eb('club_digests.last_digest_at', 'is', null),
        eb('club_digests.last_digest_at', '<=', now - CLUB_DIGEST_PERIOD_MS),
      ]),
    )
    .groupBy('club_applications.organization_id')
    .execute();
  return rows.map((row) => row.organizationId);
}

/** Applications one digest tells of at most (the rest wait for the next; the `IN` list stays short). */
const DIGEST_MOST = 1000;

/** Thrown inside the digest's transaction to give the claim back: nothing to tell after all. */
class NothingToDigest extends Error {}

export interface ClubDigestWritten {
  noticeId: string;
  applications: number;
}

/**
 * One organization's digest at `now`, in one transaction: the claim — an upsert of `club_digests` that moves
 * `last_digest_at` to `now` only when it is at least an hour old (or inserts the first), so of two instances
 * (or two runs) only one gets a row back, on SQLite and PostgreSQL alike (the second waits for the first's row
 * and finds it moved) — then the entries not yet told of, ONE notice to the organization's login (keyed by the
 * organization and `now`), and the entries marked with it. Nothing to tell, or the notice already written: the
 * claim is rolled back and the answer is `null`.
 */
export async function digestOrganization(
  db: AuthDb,
  organizationId: string,
  organizationName: string,
  now: number,
): Promise<ClubDigestWritten | null> {
  const login = await loginOf(db, organizationId);
  try {
    return await db.transaction().execute(async (trx) => {
      const claim = await trx
        .insertInto('club_digests')
        .values({ organization_id: organizationId, last_digest_at: now })
        .onConflict((conflict) =>
          conflict
            .column('organization_id')
            .doUpdateSet({ last_digest_at: now })
            .where('club_digests.last_digest_at', '<=', now - CLUB_DIGEST_PERIOD_MS),
        )
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return null;
      const entries = await trx
        .selectFrom('club_applications')
        .select(['entry_key', 'kind', 'competition_id', 'competition_name'])
        .where('organization_id', '=', organizationId)
        .where('digest_id', 'is', null)
        .orderBy('created_at')
        .orderBy('entry_key')
        .limit(DIGEST_MOST)
        .execute();
      if (entries.length === 0) throw new NothingToDigest();
      const draft = clubNewApplications(
        organizationId,
        organizationName,
        now,
        entries.map((entry) => ({
          kind: entry.kind === 'resent' ? 'resent' : 'new',
          competitionId: entry.competition_id,
          competitionName: entry.competition_name,
        })),
      );
      const noticeId = await recordNotice(trx, draft, login, now);
      if (noticeId === null) throw new NothingToDigest();
      const marked = await trx
        .updateTable('club_applications')
        .set({ digest_id: noticeId })
        .where('organization_id', '=', organizationId)
        .where(
          'entry_key',
          'in',
          entries.map((entry) => entry.entry_key),
        )
        .where('digest_id', 'is', null)
        .executeTakeFirst();
      // The claim serialises an organization's digests, so what was read unmarked is still unmarked.
      if (Number(marked.numUpdatedRows) !== entries.length) {
        throw new Error('Club digest: applications were digested by another run meanwhile');
      }
      return { noticeId, applications: entries.length };
    });
  } catch (error) {
    if (error instanceof NothingToDigest) return null;
    throw error;
  }
}
