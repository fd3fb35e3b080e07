import {
  competitionDocumentKinds,
  federation,
  noticeKindNames,
  orderPagePath,
  type CompetitionDocument,
  type NoticeKind,
  type RequestView,
} from '@fed/contracts';
import { pluralRu } from '@fed/validation';

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
