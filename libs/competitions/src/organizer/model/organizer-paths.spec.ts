import { describe, expect, it } from 'vitest';
import { readCreatedCompetition, submitDocumentsPath } from './organizer-paths';

describe('readCreatedCompetition', () => {
  it('reads the created event from the router state', () => {
    expect(readCreatedCompetition({ event: { id: 'ev-1', name: 'Кубок' } })).toEqual({
      id: 'ev-1',
      name: 'Кубок',
    });
  });

  it('answers null for any other state', () => {
    for (const state of [null, undefined, 'ev-1', {}, { event: null }, { event: { id: '', name: 'x' } }]) {
      expect(readCreatedCompetition(state)).toBeNull();
    }
  });
});

describe('submitDocumentsPath', () => {
  it('keeps an id inside its path segment', () => {
    expect(submitDocumentsPath('a/b')).toBe('/profile/submit-documents/a%2Fb');
  });
});
