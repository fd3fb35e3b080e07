import { describe, expect, it } from 'vitest';
import { EqlError, parseEql } from './eql';

describe('EQL subset', () => {
  it('parses comparisons joined by AND and OR with parentheses', () => {
    expect(parseEql('gorod = "Москва" AND (places_limit >= 10 OR discipline IN ("kata", "kumite"))')).toEqual(
      {
        kind: 'and',
        items: [
          { kind: 'compare', field: 'gorod', op: '=', value: 'Москва' },
          {
            kind: 'or',
            items: [
              { kind: 'compare', field: 'places_limit', op: '>=', value: 10 },
              { kind: 'in', field: 'discipline', values: ['kata', 'kumite'] },
            ],
          },
        ],
      },
    );
  });

  it('knows LIKE, IS NULL, IS NOT NULL, booleans and escaped quotes', () => {
    expect(parseEql('__name like "Кубок \\"Весна\\""')).toEqual({
      kind: 'like',
      field: '__name',
      text: 'Кубок "Весна"',
    });
    expect(parseEql('vk_link IS NOT NULL')).toEqual({ kind: 'null', field: 'vk_link', negated: true });
    expect(parseEql('photo_video_sale = true')).toEqual({
      kind: 'compare',
      field: 'photo_video_sale',
      op: '=',
      value: true,
    });
  });

  it('refuses what it does not understand, saying where', () => {
    for (const source of [
      '',
      'gorod =',
      'lower(gorod) = "x"',
      "gorod = 'x'",
      'NOT gorod = "x"',
      'gorod = "x" AND',
      'a = 1)',
    ]) {
      expect(() => parseEql(source), source).toThrow(EqlError);
    }
  });
});
