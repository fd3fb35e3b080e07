import { describe, expect, it } from 'vitest';
import { fileNameOf } from './downloads';

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="zayavki.csv"; filename*=UTF-8''${encodeURIComponent('Заявки — Кубок.csv')}`,
        'x.csv',
      ),
    ).toBe('Заявки — Кубок.csv');
    expect(fileNameOf('attachment; filename="zayavki.csv"', 'x.csv')).toBe('zayavki.csv');
    expect(fileNameOf('attachment; filename=zayavki.csv', 'x.csv')).toBe('zayavki.csv');
    expect(fileNameOf('attachment; filename*=UTF-8\'\'%E0%A4%A; filename="plain.csv"', 'x.csv')).toBe(
      'plain.csv',
    );
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });
});
