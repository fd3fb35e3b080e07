import { describe, expect, it } from 'vitest';
import { isValidInn, isValidOgrn, isValidOgrnip } from '@fed/validation';
import { demoParties } from './demo-parties';

describe('demo companies', () => {
  it('gives every demo company a valid INN and OGRN (OGRNIP for sole traders)', () => {
    for (const party of demoParties) {
      expect(isValidInn(party.inn), party.inn).toBe(true);
      if (party.type === 'LEGAL') {
        expect(party.inn).toHaveLength(10);
        expect(isValidOgrn(party.ogrn), party.ogrn).toBe(true);
        expect(party.kpp).toMatch(/^\d{9}$/);
      } else {
        expect(party.inn).toHaveLength(12);
        expect(isValidOgrnip(party.ogrn), party.ogrn).toBe(true);
        expect(party.kpp).toBeNull();
      }
    }
  });
});
