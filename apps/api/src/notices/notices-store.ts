import {
  noticeKindChannels,
  urgentNoticeKinds,
  type NoticeKind,
  type OptionalNoticeChannel,
} from '@fed/contracts';
import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { quietHoursEnd } from '../sms/quiet-hours';
import type { AuthDatabase, AuthDb } from '../store/auth-database';
import type { NoticeDraft } from './notice-drafts';

export type NoticeRow = Selectable<AuthDatabase['notices']>;
export type OutboxRow = Selectable<AuthDatabase['outbox']>;

/** What a notice's payload holds beside its columns. */
export interface NoticePayload {
  title: string;
  text: string;
  recipientName: string;
}

/** Whether a kind goes by a channel when the login has not said (SMS for urgent kinds only; e-mail for all). */
export function defaultEnabled(kind: NoticeKind, channel: OptionalNoticeChannel): boolean {
  return channel === 'email' || urgentNoticeKinds.includes(kind);
}

/**
 * Writes a notice and its outbox rows inside `trx`, the transaction of the change that causes it, so that
 * either both the change and its notice are stored or neither is. Once per `dedupeKey`: a second write of the
 * same change (a repeated notification, another instance, a read seen twice) writes nothing and answers
 * `null`. The outbox gets a row per channel the kind may go by; whether the login wants it and where it goes is
 * decided when it is sent (a choice made meanwhile counts). An SMS written at night is due at 09:00 Moscow.
 */
export async function recordNotice(
  trx: AuthDb,
  draft: NoticeDraft,
  loginId: string | null,
  now: number,
): Promise<string | null> {
  const id = randomUUID();
  const payload: NoticePayload = { title: draft.title, text: draft.text, recipientName: draft.recipientName };
  const written = await trx
    .insertInto('notices')
    .values({
      id,
      dedupe_key: draft.dedupeKey,
      recipient_id: draft.recipientId,
      login_id: loginId,
      kind: draft.kind,
      payload: JSON.stringify(payload),
      link: draft.link,
      created_at: now,
      read_at: null,
    })
    .onConflict((conflict) => conflict.column('dedupe_key').doNothing())
    .executeTakeFirst();
  if (Number(written.numInsertedOrUpdatedRows ?? 0) === 0) return null;
  // Nobody to send to beyond the portal: an athlete without a login still has the notice when one signs in.
  if (loginId === null) return id;
  const rows = noticeKindChannels(draft.kind)
    .filter((channel) => channel !== 'portal')
    .map((channel) => ({
      id: randomUUID(),
      notice_id: id,
      channel,
      state: 'due',
      attempts: 0,
      next_attempt_at: channel === 'sms' ? quietHoursEnd(now).getTime() : now,
      locked_until: null,
      lease_holder: null,
      sent_at: null,
      last_error: null,
      created_at: now,
      updated_at: now,
    }));
  if (rows.length > 0) await trx.insertInto('outbox').values(rows).execute();
  return id;
}

/** The login holding an athlete or organization record, if any. */
export async function loginOf(db: AuthDb, contractorId: string): Promise<string | null> {
  const row = await db
    .selectFrom('login_contractors')
    .select('login_id')
    .where('contractor_id', '=', contractorId)
    .executeTakeFirst();
  return row?.login_id ?? null;
}
