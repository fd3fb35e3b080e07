import { describe, expect, it } from 'vitest';
import { fixPaths, refusalFix } from './portal-paths';

describe('refusal fixes', () => {
  it('lead a minor without a representative to the cabinet section, an expired member to the membership form', () => {
    expect(refusalFix({ code: 'minor_without_representative' }, 'sp-1')).toEqual({
      text: 'Добавить законного представителя',
      to: '/profile#legal-representative',
    });
    expect(refusalFix({ code: 'membership_expired' }, 'sp 1')).toEqual({
      text: 'Оформить членство',
      to: '/apply-membership/sp%201',
    });
    expect(fixPaths.membership('sp-1')).toBe('/apply-membership/sp-1');
  });

  it('take the refused event along to the membership form, to come back to it once paid', () => {
    expect(refusalFix({ code: 'membership_expired' }, 'sp-1', 'ev 1')).toEqual({
      text: 'Оформить членство',
      to: '/apply-membership/sp-1?event=ev%201',
    });
    expect(refusalFix({ code: 'minor_without_representative' }, 'sp-1', 'ev-1')?.to).toBe(
      '/profile#legal-representative',
    );
  });

  it('offer nothing for a reason that has no fix of the athlete’s own', () => {
    for (const code of ['registration_closed', 'no_places', 'already_applied', 'gender_mismatch'] as const) {
      expect(refusalFix({ code }, 'sp-1')).toBeNull();
    }
  });
});
