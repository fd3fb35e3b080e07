import { Inject, Injectable } from '@nestjs/common';
import {
  noticeKindNames,
  noticeKinds,
  optionalNoticeChannels,
  urgentNoticeKinds,
  type Notice,
  type NoticeKind,
  type NoticeSettings,
  type NoticesList,
  type UnsubscribeAnswer,
} from '@fed/contracts';
import { ApiException } from '../common/api-exception.filter';
import { ownIds, type Caller } from '../common/caller';
import { CLOCK, type Clock } from '../common/clock';
import { AUTH_DB, type AuthDb } from '../store/auth-database';
import { defaultEnabled, type NoticePayload, type NoticeRow } from './notices-store';
import { UnsubscribeTokens } from './unsubscribe-token';

const noticeNotFound = (): never => {
  throw new ApiException(404, { code: 'not_found', message: 'Уведомление не найдено' });
};

function viewOf(row: NoticeRow): Notice {
  const payload = JSON.parse(row.payload) as NoticePayload;
  return {
    id: row.id,
    kind: row.kind as NoticeKind,
    title: payload.title,
    text: payload.text,
    link: row.link,
    recipient: { id: row.recipient_id, name: payload.recipientName },
    createdAt: new Date(Number(row.created_at)).toISOString(),
    readAt: row.read_at === null ? null : new Date(Number(row.read_at)).toISOString(),
  };
}

/**
 * The caller's notices and settings. A caller sees the notices of every record its login holds (a parent's
 * login: each of its children's, each marked with whose) and those sent to its login; nobody else's — another
 * login's notice is a 404 like one that does not exist.
 */
@Injectable()
export class NoticesService {
  constructor(
    @Inject(AUTH_DB) private readonly db: AuthDb,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly tokens: UnsubscribeTokens,
  ) {}

  /** Notices the caller may see: its login's, and its records' (written before the record had a login). */
  private visible(caller: Caller) {
    const ids = [...ownIds(caller)];
    return this.db
      .selectFrom('notices')
      .where((where) =>
        ids.length === 0
          ? where('login_id', '=', caller.loginId)
          : where.or([where('login_id', '=', caller.loginId), where('recipient_id', 'in', ids)]),
      );
  }

  async list(
    caller: Caller,
    query: { limit: number; before?: string; beforeId?: string },
  ): Promise<NoticesList> {
    let rows = this.visible(caller).selectAll();
    if (query.before) {
      const at = new Date(query.before).getTime();
      const id = query.beforeId;
      // The order is (created_at, id) descending: a page ends inside a run of notices of one instant.
      rows = rows.where((where) =>
        id === undefined
          ? where('created_at', '<', at)
          : where.or([
              where('created_at', '<', at),
              where.and([where('created_at', '=', at), where('id', '<', id)]),
            ]),
      );
    }
    const found = await rows
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit + 1)
      .execute();
    return {
      result: found.slice(0, query.limit).map(viewOf),
      unread: await this.unread(caller),
      more: found.length > query.limit,
    };
  }

  async unread(caller: Caller): Promise<number> {
    const row = await this.visible(caller)
      .select((select) => select.fn.countAll<number>().as('count'))
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Marks one notice read (again: nothing changes); 404 for one the caller may not see. */
  async markRead(caller: Caller, noticeId: string): Promise<Notice> {
    const row = await this.visible(caller).selectAll().where('id', '=', noticeId).executeTakeFirst();
    if (!row) return noticeNotFound();
    if (row.read_at === null) {
      const now = this.clock.now();
      await this.db
        .updateTable('notices')
        .set({ read_at: now })
        .where('id', '=', row.id)
        .where('read_at', 'is', null)
        .execute();
      return viewOf({ ...row, read_at: now });
    }
    return viewOf(row);
  }

  async markAllRead(caller: Caller): Promise<number> {
    const ids = (await this.visible(caller).select('id').where('read_at', 'is', null).execute()).map(
      (row) => row.id,
    );
    if (ids.length === 0) return 0;
    await this.db
      .updateTable('notices')
      .set({ read_at: this.clock.now() })
      .where('id', 'in', ids)
      .where('read_at', 'is', null)
      .execute();
    return ids.length;
  }

  async settings(caller: Caller): Promise<NoticeSettings> {
    const contact = await this.db
      .selectFrom('notice_contacts')
      .select('email')
      .where('login_id', '=', caller.loginId)
      .executeTakeFirst();
    const chosen = await this.db
      .selectFrom('notice_preferences')
      .select(['kind', 'channel', 'enabled'])
      .where('login_id', '=', caller.loginId)
      .execute();
    const choice = new Map(chosen.map((row) => [`${row.kind}:${row.channel}`, Number(row.enabled) === 1]));
    const kinds = Object.fromEntries(
      noticeKinds.map((kind) => [
        kind,
        Object.fromEntries(
          optionalNoticeChannels.map((channel) => [
            channel,
            // SMS are for urgent kinds only, whatever is stored.
            channel === 'sms' && !urgentNoticeKinds.includes(kind)
              ? false
              : (choice.get(`${kind}:${channel}`) ?? defaultEnabled(kind, channel)),
          ]),
        ),
      ]),
    ) as NoticeSettings['kinds'];
    return { email: contact?.email ?? null, kinds };
  }

  async saveSettings(caller: Caller, settings: NoticeSettings): Promise<NoticeSettings> {
    const notUrgent = noticeKinds.filter(
      (kind) => settings.kinds[kind].sms && !urgentNoticeKinds.includes(kind),
    );
    if (notUrgent.length > 0) {
      const message =
        'СМС приходят только о срочном: возврат, отмена мероприятия, заявка возвращена или отклонена';
      throw new ApiException(400, {
        code: 'validation_failed',
        message,
        fieldErrors: Object.fromEntries(notUrgent.map((kind) => [`kinds.${kind}.sms`, [message]])),
      });
    }
    const now = this.clock.now();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('notice_contacts')
        .values({ login_id: caller.loginId, email: settings.email?.toLowerCase() ?? null, updated_at: now })
        .onConflict((conflict) =>
          conflict
            .column('login_id')
            .doUpdateSet({ email: settings.email?.toLowerCase() ?? null, updated_at: now }),
        )
        .execute();
      for (const kind of noticeKinds) {
        for (const channel of optionalNoticeChannels) {
          const enabled = settings.kinds[kind][channel] ? 1 : 0;
          await trx
            .insertInto('notice_preferences')
            .values({ login_id: caller.loginId, kind, channel, enabled, updated_at: now })
            .onConflict((conflict) =>
              conflict.columns(['login_id', 'kind', 'channel']).doUpdateSet({ enabled, updated_at: now }),
            )
            .execute();
        }
      }
    });
    return this.settings(caller);
  }

  /** One kind no longer sent by e-mail to the login the token names (the letter's one-click link). */
  async unsubscribe(token: string): Promise<UnsubscribeAnswer> {
    const named = this.tokens.verify(token);
    const login =
      named &&
      (await this.db.selectFrom('logins').select('id').where('id', '=', named.loginId).executeTakeFirst());
    if (!named || !login) {
      throw new ApiException(400, {
        code: 'invalid_token',
        message: 'Ссылка для отписки неверна или устарела: измените настройки уведомлений в личном кабинете',
      });
    }
    const now = this.clock.now();
    await this.db
      .insertInto('notice_preferences')
      .values({ login_id: named.loginId, kind: named.kind, channel: 'email', enabled: 0, updated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['login_id', 'kind', 'channel']).doUpdateSet({ enabled: 0, updated_at: now }),
      )
      .execute();
    return { kind: named.kind, title: noticeKindNames[named.kind] };
  }
}
