import { describe, expect, it } from 'vitest';
import { requestView } from '../testing/request-view';
import { returnReason, timelineSteps } from './status-timeline';

const history = [
  { from: null, to: 'new', at: '2026-01-10T09:00:00Z', reason: null },
  { from: 'new', to: 'under_review', at: '2026-01-11T10:00:00Z', reason: null },
  { from: 'under_review', to: 'returned', at: '2026-01-12T11:00:00Z', reason: ' Нет медицинской справки ' },
  { from: 'returned', to: 'under_review', at: '2026-01-13T12:00:00Z', reason: null },
  { from: 'under_review', to: 'approved', at: '2026-01-14T13:00:00Z', reason: null },
] as const;

describe('timelineSteps', () => {
  it('tells a return and a resubmission apart from the first review, with the reason where given', () => {
    const steps = timelineSteps(requestView({ requestState: 'approved', state_history: [...history] }));
    expect(steps.map(({ title, reason, current }) => ({ title, reason, current }))).toEqual([
      { title: 'Подана', reason: null, current: false },
      { title: 'На рассмотрении', reason: null, current: false },
      { title: 'Возвращена на доработку', reason: 'Нет медицинской справки', current: false },
      { title: 'Отправлена повторно', reason: null, current: false },
      { title: 'Одобрена', reason: null, current: true },
    ]);
    expect(steps.map((step) => step.at)).toEqual(history.map((entry) => entry.at));
    expect(steps.map((step) => step.state)).toEqual(history.map((entry) => entry.to));
  });

  it('shows a fee paid under review as a step of its own, and a refund where the request was withdrawn', () => {
    const paid = timelineSteps(
      requestView({
        requestState: 'under_review',
        payment_status: 'paid',
        paid_at: '2026-01-10T09:30:00Z',
        state_history: [history[0], history[1]],
      }),
    );
    expect(paid.map(({ title, current }) => [title, current])).toEqual([
      ['Подана', false],
      ['Взнос оплачен', false],
      ['На рассмотрении', true],
    ]);
    const refunded = timelineSteps(
      requestView({
        requestState: 'cancelled',
        payment_status: 'refunded',
        paid_at: '2026-01-10T09:30:00Z',
        state_history: [
          history[0],
          { from: 'new', to: 'cancelled', at: '2026-01-12T10:00:00Z', reason: null },
        ],
      }),
    );
    expect(refunded.map(({ title, current }) => [title, current])).toEqual([
      ['Подана', false],
      ['Взнос оплачен', false],
      ['Отменена, взнос возвращён', true],
    ]);
    // Approved after paying: the platform's own `paid` step says it, once.
    const approved = timelineSteps(
      requestView({
        requestState: 'paid',
        payment_status: 'paid',
        paid_at: '2026-01-10T09:30:00Z',
        state_history: [
          history[0],
          { from: 'new', to: 'approved', at: '2026-01-11T10:00:00Z', reason: null },
          { from: 'approved', to: 'paid', at: '2026-01-11T10:00:00Z', reason: null },
        ],
      }),
    );
    expect(approved.map((step) => step.title)).toEqual(['Подана', 'Одобрена', 'Оплачена']);
  });

  it('shows where a request without history stands now', () => {
    const steps = timelineSteps(
      requestView({
        requestState: 'rejected',
        reason: 'Возраст не подходит',
        state_history: [],
        __updatedAt: '2026-02-01T08:00:00Z',
      }),
    );
    expect(steps).toEqual([
      {
        state: 'rejected',
        title: 'Отклонена',
        at: '2026-02-01T08:00:00Z',
        reason: 'Возраст не подходит',
        current: true,
      },
    ]);
  });
});

describe('returnReason', () => {
  it('is the request’s reason while it stands returned', () => {
    const returned = requestView({
      requestState: 'returned',
      reason: 'Загрузите полис страхования',
      state_history: [...history.slice(0, 3)],
    });
    expect(returnReason(returned)).toBe('Загрузите полис страхования');
  });

  it('falls back to the last return in the history', () => {
    const returned = requestView({
      requestState: 'returned',
      reason: null,
      state_history: [...history.slice(0, 3)],
    });
    expect(returnReason(returned)).toBe('Нет медицинской справки');
  });

  it('is nothing once the request has moved on', () => {
    expect(returnReason(requestView({ requestState: 'approved', state_history: [...history] }))).toBeNull();
  });
});
