import { describe, expect, it } from 'vitest';
import { fixedClock } from '@fed/calendar';
import { claimedUserId, holdsSeveralAthletes, isTokenExpired, readClaims } from './token-claims';
import { fakeAccessToken } from '../testing';

const NOW = new Date('2026-11-22T06:00:00Z');
const inAnHour = NOW.getTime() / 1000 + 3600;
const clock = fixedClock(NOW);

describe('token claims', () => {
  it('reads one athlete id as a list of one', () => {
    const claims = readClaims(
      fakeAccessToken({ Sportsman: 'a-1', ContractorType: 'sportsman', exp: inAnHour }),
    );
    expect(claims).toEqual({
      loginId: null,
      sportsmanIds: ['a-1'],
      severalAthletes: false,
      organizationId: null,
      contractorType: 'sportsman',
      expiresAt: inAnHour,
    });
    expect(holdsSeveralAthletes(claims)).toBe(false);
    expect(claimedUserId(claims)).toBe('a-1');
  });

  it('reads the login the token speaks for', () => {
    const claims = readClaims(
      fakeAccessToken({ sub: 'login-7', Sportsman: 'a-1', ContractorType: 'sportsman', exp: inAnHour }),
    );
    expect(claims?.loginId).toBe('login-7');
  });

  it('reads a login holding several athletes', () => {
    const claims = readClaims(
      fakeAccessToken({ Sportsman: ['a-1', 'a-2', 'a-3'], ContractorType: 'sportsman', exp: inAnHour }),
    );
    expect(claims?.sportsmanIds).toEqual(['a-1', 'a-2', 'a-3']);
    expect(holdsSeveralAthletes(claims)).toBe(true);
  });

  it('reads a list naming only the active athlete as a login holding several', () => {
    const claims = readClaims(
      fakeAccessToken({ Sportsman: ['a-2'], ContractorType: 'sportsman', exp: inAnHour }),
    );
    expect(holdsSeveralAthletes(claims)).toBe(true);
    expect(claimedUserId(claims)).toBe('a-2');
  });

  it('falls back to the organization id', () => {
    const claims = readClaims(
      fakeAccessToken({ Organization: 'org-9', ContractorType: 'organization', exp: inAnHour }),
    );
    expect(claimedUserId(claims)).toBe('org-9');
    expect(claims?.contractorType).toBe('organization');
  });

  it('ignores an unknown contractor type', () => {
    expect(
      readClaims(fakeAccessToken({ ContractorType: 'admin', exp: inAnHour }))?.contractorType,
    ).toBeNull();
  });

  it.each([
    ['a past exp', fakeAccessToken({ exp: NOW.getTime() / 1000 - 1 })],
    ['exp exactly now', fakeAccessToken({ exp: NOW.getTime() / 1000 })],
    ['no exp', fakeAccessToken({ Sportsman: 'a-1' })],
    ['garbage', 'not-a-jwt'],
    ['nothing', null],
  ])('treats %s as expired', (_case, token) => {
    expect(isTokenExpired(token, clock)).toBe(true);
  });

  it('treats a future exp as valid', () => {
    expect(isTokenExpired(fakeAccessToken({ exp: inAnHour }), clock)).toBe(false);
  });
});
