import { z } from 'zod';
import { elmaIdSchema } from './platform/elma-formats';

/**
 * Notices: what the portal tells a login about its athletes' and its organization's affairs (`/api/notices`,
 * docs/notifications.md). A notice is written by the api in the same transaction as the change that causes it
 * (a payment, a refund) or once per change it observes on the platform (an application returned); it is shown
 * in the portal always, and sent by SMS and e-mail as the login's settings say.
 */

/** Routes of the notices API. */
export const noticesPaths = {
  /** `GET`: the caller's notices, newest first (`?limit=&before=&beforeId=`), with the unread count. */
  notices: '/api/notices',
  /** `GET`: `{unread}`, for the bell. */
  unread: '/api/notices/unread',
  /** `POST` `{}`: one notice read (its page was opened). */
  read: (noticeId: string) => `/api/notices/${encodeURIComponent(noticeId)}/read`,
  /** `POST` `{}`: every notice of the caller read. */
  readAll: '/api/notices/read-all',
  /** `GET` / `PUT` {@link noticeSettingsSchema}: which kinds go by which channel, and the e-mail address. */
  settings: '/api/notices/settings',
  /** `GET` (the page) and `POST` (RFC 8058 one-click) `?token=`: one kind no longer sent by e-mail. */
  unsubscribe: '/api/notices/unsubscribe',
} as const;

/** The portal's pages of notices. */
export const noticesPagePath = '/notices';
export const noticeSettingsPagePath = '/notices/settings';

export const noticeKinds = [
  'payment_succeeded',
  'payment_declined',
  'refund_made',
  'application_approved',
  'application_returned',
  'application_rejected',
  'document_reviewed',
  'club_new_applications',
  'membership_ending',
  'media_ready',
  'event_changed',
  'event_cancelled',
] as const;
export const noticeKindSchema = z.enum(noticeKinds);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

export const noticeKindNames: Record<NoticeKind, string> = {
  payment_succeeded: 'Оплата прошла',
  payment_declined: 'Платёж отклонён',
  refund_made: 'Деньги возвращены',
  application_approved: 'Заявка одобрена',
  application_returned: 'Заявка возвращена на доработку',
  application_rejected: 'Заявка отклонена',
  document_reviewed: 'Документ проверен',
  club_new_applications: 'Новые заявки на мероприятия',
  membership_ending: 'Членство заканчивается',
  media_ready: 'Фото и видео готовы',
  event_changed: 'Изменились даты мероприятия',
  event_cancelled: 'Мероприятие отменено',
};

/** Whose affairs a kind is about: an athlete's, an organization's (its settings show only its own kinds). */
export const noticeKindAudience: Record<NoticeKind, 'sportsman' | 'organization'> = {
  payment_succeeded: 'sportsman',
  payment_declined: 'sportsman',
  refund_made: 'sportsman',
  application_approved: 'sportsman',
  application_returned: 'sportsman',
  application_rejected: 'sportsman',
  document_reviewed: 'organization',
  club_new_applications: 'organization',
  membership_ending: 'sportsman',
  media_ready: 'sportsman',
  event_changed: 'sportsman',
  event_cancelled: 'sportsman',
};

/** Channels a notice goes by: the portal always; SMS and e-mail as the settings say. */
export const noticeChannels = ['portal', 'sms', 'email'] as const;
export const noticeChannelSchema = z.enum(noticeChannels);
export type NoticeChannel = z.infer<typeof noticeChannelSchema>;
/** The channels a login may turn off (the portal's list is the record and is always kept). */
export const optionalNoticeChannels = ['sms', 'email'] as const;
export type OptionalNoticeChannel = (typeof optionalNoticeChannels)[number];

export const noticeChannelNames: Record<NoticeChannel, string> = {
  portal: 'На портале',
  sms: 'СМС',
  email: 'Эл. почта',
};

/**
 * Kinds urgent enough for an SMS (something to do, or money back): only these are ever sent by SMS, and
 * never between 22:00 and 09:00 Moscow time.
 */
export const urgentNoticeKinds: readonly NoticeKind[] = [
  'application_returned',
  'application_rejected',
  'refund_made',
  'event_cancelled',
];

/** Which channels a kind may go by at all. */
export function noticeKindChannels(kind: NoticeKind): readonly NoticeChannel[] {
  return urgentNoticeKinds.includes(kind) ? noticeChannels : ['portal', 'email'];
}

export const noticeSchema = z.object({
  id: z.string(),
  kind: noticeKindSchema,
  /** One line: «Заявка возвращена на доработку». */
  title: z.string(),
  /** What happened, in a sentence or two (with the reason, when there is one). */
  text: z.string(),
  /** The portal's page the notice is about (`/order/…`, `/apply/edit/…`), root-relative. */
  link: z.string(),
  /** Whose affair it is: the athlete or the organization (a parent's login sees its children's). */
  recipient: z.object({ id: elmaIdSchema, name: z.string() }),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticesListSchema = z.object({
  result: z.array(noticeSchema),
  unread: z.number().int().min(0),
  /** Whether older notices remain (ask again with {@link noticesAfter} the last one). */
  more: z.boolean(),
});
export type NoticesList = z.infer<typeof noticesListSchema>;

export const unreadNoticesSchema = z.object({ unread: z.number().int().min(0) });
export type UnreadNotices = z.infer<typeof unreadNoticesSchema>;

/**
 * The list's query: how many (1–100, default 30), and after which notice of the order (newest first): `before`
 * its `createdAt` and `beforeId` its id, since several notices may share an instant (one change telling a
 * family's three athletes).
 */
export const noticesQuerySchema = z
  .object({
    limit: z.coerce.number().int('Число записей должно быть целым').min(1).max(100).default(30),
    before: z.iso.datetime({ message: 'Время должно быть в формате ISO 8601' }).optional(),
    beforeId: z.string().min(1).max(100).optional(),
  })
  .strict()
  .refine((query) => query.beforeId === undefined || query.before !== undefined, {
    message: 'beforeId задаётся вместе с before',
    path: ['beforeId'],
  });
/** The list's next page after `last`, the last notice shown. */
export function noticesAfter(last: Pick<Notice, 'createdAt' | 'id'>): { before: string; beforeId: string } {
  return { before: last.createdAt, beforeId: last.id };
}

export const noticeChannelSwitchesSchema = z.object({ sms: z.boolean(), email: z.boolean() }).strict();

/** A login's settings: each kind by SMS and by e-mail (on or off), and where e-mail goes. */
export const noticeSettingsSchema = z
  .object({
    email: z
      .email({ message: 'Введите адрес электронной почты, например name@example.ru' })
      .max(254, 'Адрес слишком длинный')
      .nullable(),
    kinds: z.record(noticeKindSchema, noticeChannelSwitchesSchema),
  })
  .strict();
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

/** What the unsubscribe endpoint answers (and its page shows). */
export const unsubscribeAnswerSchema = z.object({ kind: noticeKindSchema, title: z.string() });
export type UnsubscribeAnswer = z.infer<typeof unsubscribeAnswerSchema>;
