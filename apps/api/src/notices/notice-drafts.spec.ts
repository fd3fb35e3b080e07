import { calendarDayOf } from '@fed/calendar';
import { describe, expect, it } from 'vitest';
import { mediaReady, membershipEnding, rubles, smsTextOf } from './notice-drafts';

const athlete = { sportsmanId: 'a1', sportsmanName: 'Соколов Андрей' };
/** The season's end as the platform writes it: 31 December, 23:59:59 Moscow time. */
const seasonEnd2026 = '2026-12-31T20:59:59.000Z';

describe('a membership ending', () => {
  it.each([
    // [now (UTC), threshold told or null, days in the text]
    ['2026-11-20T09:00:00Z', null, null],
    // 00:05 on 1 December in Moscow is still 30 November in UTC: 30 Moscow days left.
    ['2026-11-30T21:05:00Z', 30, 'через 30 дней'],
    ['2026-12-02T09:00:00Z', 30, 'через 29 дней'],
    ['2026-12-24T09:00:00Z', 7, 'через 7 дней'],
    ['2026-12-30T20:30:00Z', 7, 'завтра'],
    // 00:30 on 31 December in Moscow (21:30 UTC on the 30th): the last day.
    ['2026-12-30T21:30:00Z', 7, 'сегодня'],
    // 00:30 on 1 January in Moscow: it has ended, nothing to announce.
    ['2026-12-31T21:30:00Z', null, null],
  ])('at %s tells the %s-day threshold (%s)', (now, threshold, when) => {
    const draft = membershipEnding(athlete, seasonEnd2026, calendarDayOf(now));
    if (threshold === null) {
      expect(draft).toBeNull();
      return;
    }
    expect(draft).toMatchObject({
      kind: 'membership_ending',
      dedupeKey: `membership_ending:a1:${seasonEnd2026}:${threshold}`,
      recipientId: 'a1',
      link: '/apply-membership/a1',
    });
    expect(draft?.text).toBe(
      `Членство в федерации заканчивается 31 декабря 2026 — ${when}. Продлите его, чтобы подавать заявки на турниры.`,
    );
  });
});

describe('photos and videos tagged', () => {
  const facts = {
    competitionId: 'c1',
    competitionName: 'Осенний кубок',
    sportsmanId: 's1',
    sportsmanName: 'Соколов Миша',
    today: calendarDayOf('2026-12-31T21:30:00Z'),
  };

  it('sends an athlete who ordered them to the locker, and one who did not to the order form', () => {
    expect(mediaReady({ ...facts, ordered: true })).toMatchObject({
      link: '/photo-video/c1',
      text: 'Фото и видео с выступлений на «Осенний кубок» готовы: смотрите и скачивайте их в разделе «Фото и видео».',
    });
    expect(mediaReady({ ...facts, ordered: false })).toMatchObject({
      link: '/apply/photo-video/c1',
      text: 'Появились фото и видео с выступлений на «Осенний кубок». Закажите их, чтобы смотреть и скачивать без водяного знака.',
    });
  });

  it('is one notice per athlete, event and Moscow day', () => {
    // 00:30 on 1 January in Moscow is already the new year's day.
    expect(mediaReady({ ...facts, ordered: true }).dedupeKey).toBe('media_ready:c1:s1:2027-01-01');
  });
});

describe('money and SMS in notices', () => {
  it('writes rubles as the portal does', () => {
    expect(rubles(150_000)).toBe('1 500 ₽');
    expect(rubles(150_050)).toBe('1 500,50 ₽');
  });

  it('keeps an SMS within two parts', () => {
    expect(smsTextOf('Заявка отклонена', 'x'.repeat(300))).toHaveLength(134);
    expect(smsTextOf('Заявка отклонена', 'Причина: нет мест.')).toBe(
      'ФКЕ: Заявка отклонена. Причина: нет мест.',
    );
  });
});
