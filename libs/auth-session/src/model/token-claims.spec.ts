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

  it('reads a payload of any length, whatever letters it holds', () => {
    // base64url without padding, of UTF-8: names in Cyrillic, and lengths leaving each remainder of 3.
    for (const sub of ['л', 'ло', 'лог', 'логин-7', '🏅']) {
      expect(readClaims(fakeAccessToken({ sub, exp: inAnHour }))?.loginId).toBe(sub);
    }
  });

  it.each([
    ['a past exp', fakeAccessToken({ exp: NOW.getTime() / 1000 - 1 })],
    ['exp exactly now', fakeAccessToken({ exp: NOW.getTime() / 1000 })],
    ['no exp', fakeAccessToken({ Sportsman: 'a-1' })],
    ['garbage', 'not-a-jwt'],
    ['a payload that is not base64url', 'e30.a+b/c=.sig'],
    ['a payload that is not JSON', `e30.${btoa('{exp:').replace(/=+$/, '')}.sig`],
    ['a payload that is not an object', `e30.${btoa('42').replace(/=+$/, '')}.sig`],
    ['a payload that is not UTF-8', `e30.${btoa(String.fromCharCode(0xff, 0xfe)).replace(/=+$/, '')}.sig`],
    ['nothing', null],
  ])('treats %s as expired', (_case, token) => {
    expect(isTokenExpired(token, clock)).toBe(true);
  });

  it('treats a future exp as valid', () => {
    expect(isTokenExpired(fakeAccessToken({ exp: inAnHour }), clock)).toBe(false);
  });
});
