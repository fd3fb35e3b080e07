import { describe, expect, it } from 'vitest';
import {
  countNarrowingFilters,
  defaultEventFilters,
  eventsQueryInput,
  hasFilters,
  readEventFilters,
  writeEventFilters,
  type EventFilters,
} from './event-filters';

const read = (query: string) => readEventFilters(new URLSearchParams(query));

describe('event filters in the address', () => {
  it('reads an empty address as the upcoming events, first page', () => {
    expect(read('')).toEqual(defaultEventFilters);
    expect(writeEventFilters(defaultEventFilters).toString()).toBe('');
  });

  it('writes and reads back every filter', () => {
    const filters: EventFilters = {
      search: 'кубок',
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
      city: 'Казань',
      discipline: 'kata',
      when: 'all',
      page: 3,
    };
    const params = writeEventFilters(filters);
    expect(params.toString()).toBe(
      'q=%D0%BA%D1%83%D0%B1%D0%BE%D0%BA&from=2026-12-01&to=2026-12-31&city=%D0%9A%D0%B0%D0%B7%D0%B0%D0%BD%D1%8C&discipline=kata&when=all&page=3',
    );
    expect(readEventFilters(params)).toEqual(filters);
  });

  it('drops what a hand-edited link gets wrong', () => {
    expect(read('from=2026-02-31&to=soon&discipline=chess&when=someday&page=-2')).toEqual(
      defaultEventFilters,
    );
    expect(read('page=2.5').page).toBe(1);
    expect(read('page=99999999').page).toBe(50_000);
  });

  it('puts dates given the wrong way round in order', () => {
    expect(read('from=2026-12-31&to=2026-12-01')).toMatchObject({
      dateFrom: '2026-12-01',
      dateTo: '2026-12-31',
    });
  });

  it('counts the filters that narrow the list', () => {
    expect(countNarrowingFilters(defaultEventFilters)).toBe(0);
    expect(hasFilters(defaultEventFilters)).toBe(false);
    expect(hasFilters({ ...defaultEventFilters, when: 'past' })).toBe(true);
    expect(
      countNarrowingFilters({ ...defaultEventFilters, search: 'x', dateFrom: '2026-01-01', city: 'Казань' }),
    ).toBe(3);
  });

  it('asks the platform for the page in 20s with only the filters set', () => {
    expect(eventsQueryInput(defaultEventFilters)).toEqual({ when: 'upcoming', from: 0, size: 20 });
    expect(eventsQueryInput({ ...defaultEventFilters, discipline: 'kumite', when: 'past', page: 3 })).toEqual(
      {
        discipline: 'kumite',
        when: 'past',
        from: 40,
        size: 20,
      },
    );
  });
});
