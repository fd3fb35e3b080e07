import {
  calendarDayOf,
  daysBetween,
  formatDateRange,
  formatDay,
  isoDay,
  type CalendarDay,
} from '@fed/calendar';
import { pluralRu } from '@fed/validation';
import {
  competitionDocumentKinds,
  federation,
  fixPaths,
  noticeKindNames,
  orderPagePath,
  photoVideoPaths,
  type CompetitionDocument,
  type NoticeKind,
  type RequestView,
  competitionPagePath,
} from '@fed/contracts';

/** What a notice says and links to, made once when it is written (the list shows it as it was). */
export interface NoticeDraft {
  /** Once per change: the second write of the same change finds this key taken and writes nothing. */
  dedupeKey: string;
  kind: NoticeKind;
  recipientId: string;
  recipientName: string;
  title: string;
  text: string;
  link: string;
}

/** Kopecks as the portal writes money: «1 500 ₽», «1 500,50 ₽». */
export function rubles(kopecks: number): string {
  const whole = Math.trunc(kopecks / 100)
    .toLocaleString('ru-RU')
    .replace(/\u00a0/g, ' ');
  const cents = kopecks % 100;
  return `${whole}${cents === 0 ? '' : `,${String(cents).padStart(2, '0')}`} ₽`;
}

export interface PaymentFacts {
  attemptId: string;
  orderId: string;
  description: string;
  amount: number;
  recipientId: string;
  recipientName: string;
}

export function paymentSucceeded(facts: PaymentFacts): NoticeDraft {
  return {
    dedupeKey: `payment_succeeded:${facts.attemptId}`,
    kind: 'payment_succeeded',
    recipientId: facts.recipientId,
    recipientName: facts.recipientName,
    title: noticeKindNames.payment_succeeded,
    text: `Оплачено ${rubles(facts.amount)}: ${facts.description}.`,
    link: orderPagePath(facts.orderId),
  };
}

export function paymentDeclined(facts: PaymentFacts & { message: string }): NoticeDraft {
  return {
    dedupeKey: `payment_declined:${facts.attemptId}`,
    kind: 'payment_declined',
    recipientId: facts.recipientId,
    recipientName: facts.recipientName,
    title: noticeKindNames.payment_declined,
    text: `${facts.description}: ${facts.message}`,
    link: orderPagePath(facts.orderId),
  };
}

export function refundMade(facts: {
  lineId: string;
  orderId: string;
  title: string;
  amount: number;
  recipientId: string;
  recipientName: string;
}): NoticeDraft {
  return {
    dedupeKey: `refund_made:${facts.lineId}`,
    kind: 'refund_made',
    recipientId: facts.recipientId,
    recipientName: facts.recipientName,
    title: noticeKindNames.refund_made,
    text: `Возвращено ${rubles(facts.amount)}: ${facts.title}. Деньги придут на карту, с которой платили.`,
    link: orderPagePath(facts.orderId),
  };
}

/** The states of an application whose arrival the athlete is told of, and the kind each makes. */
export const applicationNoticeKinds = {
  approved: 'application_approved',
  returned: 'application_returned',
  rejected: 'application_rejected',
} as const satisfies Partial<Record<RequestView['requestState'], NoticeKind>>;

/**
 * The notice of an application's move into `state`, seen in the platform's answer: keyed by the request, the
 * state and the instant of the history entry that moved it, so the same move seen twice (by two reads, two
 * instances) is one notice, and a second return after a correction is a second notice.
 */
export function applicationMoved(
  request: Pick<RequestView, '__id' | 'sportsman' | 'sportsmanName' | 'competitionName'>,
  state: keyof typeof applicationNoticeKinds,
  at: string,
  reason: string | null,
): NoticeDraft | null {
  const recipientId = request.sportsman[0];
  if (!recipientId) return null;
  const kind = applicationNoticeKinds[state];
  const event = `«${request.competitionName}»`;
  const text =
    state === 'approved'
      ? `Заявка на ${event} одобрена.`
      : state === 'returned'
        ? `Заявка на ${event} возвращена на доработку. Что исправить: ${reason ?? 'см. заявку'}.`
        : `Заявка на ${event} отклонена. Причина: ${reason ?? 'не указана'}.`;
  return {
    dedupeKey: `${kind}:${request.__id}:${at}`,
    kind,
    recipientId,
    recipientName: request.sportsmanName,
    title: noticeKindNames[kind],
    text,
    // A returned application is corrected on its edit page; the others are seen in the cabinet's list.
    link: state === 'returned' ? `/apply/edit/${encodeURIComponent(request.__id)}` : '/profile',
  };
}

/**
 * The notice of a competition document's review (accepted, or returned with what to correct), for the organizer:
 * keyed by the document, the state and the instant of the review, like an application's move.
 */
export function documentReviewed(
  document: Pick<CompetitionDocument, '__id' | '__name' | 'competition' | 'kind'>,
  organizationId: string,
  organizationName: string,
  review: { state: 'accepted' | 'returned'; at: string; reason: string | null },
): NoticeDraft | null {
  const competitionId = document.competition[0];
  if (!competitionId) return null;
  const kindName = competitionDocumentKinds[document.kind];
  const what = document.__name === kindName ? `«${kindName}»` : `«${kindName}» (${document.__name})`;
  return {
    dedupeKey: `document_reviewed:${document.__id}:${review.state}:${review.at}`,
    kind: 'document_reviewed',
    recipientId: organizationId,
    recipientName: organizationName,
    title: review.state === 'accepted' ? 'Документ принят' : 'Документ возвращён на доработку',
    text:
      review.state === 'accepted'
        ? `Федерация приняла документ ${what}.`
        : `Федерация вернула документ ${what}. Что исправить: ${review.reason ?? 'см. документ'}.`,
    link: `/profile/submit-documents/${encodeURIComponent(competitionId)}`,
  };
}

/**
 * Days before a membership's end at which its athlete is told (on the portal and by e-mail), the widest first:
 * a month to renew without hurry, and a week as the last call.
 */
export const MEMBERSHIP_ENDING_NOTICE_DAYS = [30, 7] as const;

/**
 * The notice that an athlete's membership ends soon, or null when no threshold is reached (or it has ended):
 * the nearest threshold at or above the days left, so an athlete first seen 5 days before the end is told once,
 * not twice. Keyed by the athlete, the term and the threshold: one per threshold and term, however many runs and
 * instances see it; a renewed term is a new one.
 */
export function membershipEnding(
  athlete: { sportsmanId: string; sportsmanName: string },
  termUntil: string,
  today: CalendarDay,
): NoticeDraft | null {
  const lastDay = calendarDayOf(termUntil);
  const daysLeft = daysBetween(today, lastDay);
  if (daysLeft < 0) return null;
  const threshold = [...MEMBERSHIP_ENDING_NOTICE_DAYS].reverse().find((days) => daysLeft <= days);
  if (threshold === undefined) return null;
  const when =
    daysLeft === 0
      ? 'сегодня'
      : daysLeft === 1
        ? 'завтра'
        : `через ${daysLeft} ${pluralRu(daysLeft, ['день', 'дня', 'дней'])}`;
  return {
    dedupeKey: `membership_ending:${athlete.sportsmanId}:${termUntil}:${threshold}`,
    kind: 'membership_ending',
    recipientId: athlete.sportsmanId,
    recipientName: athlete.sportsmanName,
    title: noticeKindNames.membership_ending,
    text: `Членство в федерации заканчивается ${formatDay(lastDay)} — ${when}. Продлите его, чтобы подавать заявки на турниры.`,
    link: fixPaths.membership(athlete.sportsmanId),
  };
}

/** An event as the watch tells of it: its name and (new) dates. */
export interface WatchedEvent {
  id: string;
  name: string;
  dateStart: string;
  dateEnd: string;
}

/** An athlete with a live entry to an event. */
export interface Entrant {
  id: string;
  name: string;
}

/**
 * The notice of an event's change to one of its entrants: its dates moved (`moved`), or a cancellation taken
 * back (`reinstated`). Keyed by the event, the watch's revision of it (one per change told) and the athlete, so
 * that a change is told once whoever sees it, and a later change — even back to dates told before — again.
 */
export function eventChanged(
  event: WatchedEvent,
  revision: number,
  entrant: Entrant,
  change: 'moved' | 'reinstated',
): NoticeDraft {
  const dates = formatDateRange(event.dateStart, event.dateEnd);
  return {
    dedupeKey: `event_changed:${event.id}:${revision}:${entrant.id}`,
    kind: 'event_changed',
    recipientId: entrant.id,
    recipientName: entrant.name,
    title: noticeKindNames.event_changed,
    text:
      change === 'moved'
        ? `Мероприятие «${event.name}» перенесено: новые даты ${dates}.`
        : `Мероприятие «${event.name}» снова в календаре и пройдёт ${dates}.`,
    link: competitionPagePath(event.id),
  };
}

/**
 * The notice that photos or videos of an athlete's performance were tagged at an event: one per athlete, event
 * and Moscow day however many batches the organizer tags that day (the locker it links to shows them all). An
 * athlete who ordered them is sent to the media locker; one who did not, to the order form.
 */
export function mediaReady(facts: {
  competitionId: string;
  competitionName: string;
  sportsmanId: string;
  sportsmanName: string;
  ordered: boolean;
  today: CalendarDay;
}): NoticeDraft {
  const event = `«${facts.competitionName}»`;
  return {
    dedupeKey: `media_ready:${facts.competitionId}:${facts.sportsmanId}:${isoDay(facts.today)}`,
    kind: 'media_ready',
    recipientId: facts.sportsmanId,
    recipientName: facts.sportsmanName,
    title: noticeKindNames.media_ready,
    text: facts.ordered
      ? `Фото и видео с выступлений на ${event} готовы: смотрите и скачивайте их в разделе «Фото и видео».`
      : `Появились фото и видео с выступлений на ${event}. Закажите их, чтобы смотреть и скачивать без водяного знака.`,
    link: facts.ordered
      ? photoVideoPaths.locker(facts.competitionId)
      : photoVideoPaths.apply(facts.competitionId),
  };
}

/**
 * The notice of an event's cancellation to one of its entrants, keyed like {@link eventChanged}. Nothing is
 * said of the fee: neither the platform nor the portal has a rule for it on a cancellation (a paid entry is
 * refunded only when withdrawn before the deadline or rejected by the organizer).
 */
export function eventCancelled(event: WatchedEvent, revision: number, entrant: Entrant): NoticeDraft {
  return {
    dedupeKey: `event_cancelled:${event.id}:${revision}:${entrant.id}`,
    kind: 'event_cancelled',
    recipientId: entrant.id,
    recipientName: entrant.name,
    title: noticeKindNames.event_cancelled,
    text: `Мероприятие «${event.name}» (${formatDateRange(event.dateStart, event.dateEnd)}) отменено.`,
    link: competitionPagePath(event.id),
  };
}

/** What a club's digest counts: applications to one event, new or sent again after a return. */
export interface DigestedApplication {
  kind: 'new' | 'resent';
  competitionId: string;
  competitionName: string;
}

/** Events a digest names one by one; the rest are counted («и ещё 2 мероприятия»). */
const DIGEST_EVENTS_NAMED = 5;

function countsByEvent(entries: readonly DigestedApplication[]): string {
  const byEvent = new Map<string, { name: string; count: number }>();
  for (const entry of entries) {
    const known = byEvent.get(entry.competitionId);
    if (known) known.count += 1;
    else byEvent.set(entry.competitionId, { name: entry.competitionName, count: 1 });
  }
  // The busiest events first; the map keeps first-seen order among equals.
  const events = [...byEvent.values()].sort((a, b) => b.count - a.count);
  const named = events
    .slice(0, DIGEST_EVENTS_NAMED)
    .map(
      (event) => `«${event.name}» (${event.count} ${pluralRu(event.count, ['заявка', 'заявки', 'заявок'])})`,
    );
  const rest = events.length - named.length;
  if (rest > 0) named.push(`и ещё ${rest} ${pluralRu(rest, ['мероприятие', 'мероприятия', 'мероприятий'])}`);
  return named.join(', ');
}

/**
 * A club's digest of the applications to its events it has not been told of: how many, and to which events
 * («Новые заявки: 3 — «Открытый турнир» (2 заявки), «Осенний кубок» (1 заявка).»), those sent again after a
 * return in a sentence of their own. Keyed by the organization and the instant of the digest (one a claim).
 */
export function clubNewApplications(
  organizationId: string,
  organizationName: string,
  at: number,
  entries: readonly DigestedApplication[],
): NoticeDraft {
  const fresh = entries.filter((entry) => entry.kind === 'new');
  const resent = entries.filter((entry) => entry.kind === 'resent');
  const sentences = [
    ...(fresh.length > 0 ? [`Новые заявки: ${fresh.length} — ${countsByEvent(fresh)}.`] : []),
    ...(resent.length > 0 ? [`Исправлены после возврата: ${resent.length} — ${countsByEvent(resent)}.`] : []),
  ];
  return {
    dedupeKey: `club_new_applications:${organizationId}:${at}`,
    kind: 'club_new_applications',
    recipientId: organizationId,
    recipientName: organizationName,
    title: noticeKindNames.club_new_applications,
    text: sentences.join(' '),
    // The cabinet lists the organization's events, each with its applications to review.
    link: '/profile',
  };
}

/** An SMS of a notice: the federation's short name, the title and the text, within two SMS parts. */
export function smsTextOf(title: string, text: string): string {
  const full = `${federation.shortName}: ${title}. ${text}`;
  return full.length <= 134 ? full : `${full.slice(0, 133)}…`;
}
