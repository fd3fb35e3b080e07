import { describe, expect, it } from 'vitest';
import {
  accessTokenClaimsSchema,
  authPath,
  authPaths,
  addUserRoleRequestSchema,
  changePhoneConfirmRequestSchema,
  changePhoneRequestSchema,
  isValidRussianInn,
  loginUserConfirmRequestSchema,
  loginUserRequestSchema,
  phoneSchema,
  registerOrganizationRequestSchema,
  registerUserConfirmRequestSchema,
} from '../../index';

describe('auth contracts', () => {
  it.each([
    ['+7 (900) 123-45-67', '+79001234567'],
    ['+79001234567', '+79001234567'],
    ['+375 (291) 234-56-7', '+375291234567'],
    ['+374 (91) 234-567', '+37491234567'],
    ['+994 (50) 123-45-67', '+994501234567'],
  ])('normalizes %s to %s', (input, e164) => {
    expect(phoneSchema.parse(input)).toBe(e164);
  });

  it.each(['', '9001234567', '+7900123456', '+790012345678', '+4915112345678', '+7 900 abc'])(
    'refuses the phone %j',
    (input) => {
      expect(phoneSchema.safeParse(input).success).toBe(false);
    },
  );

  it('refuses unknown fields', () => {
    expect(loginUserRequestSchema.safeParse({ phone: '+79001234567', role: 'admin' }).success).toBe(false);
  });

  it('keeps the bodies built on a shared part strict and complete', () => {
    const phone = '+79001234567';
    const confirm = { phone, code: '123456' };
    expect(loginUserConfirmRequestSchema.safeParse(confirm).success).toBe(true);
    expect(loginUserConfirmRequestSchema.safeParse({ ...confirm, role: 'admin' }).success).toBe(false);
    expect(registerUserConfirmRequestSchema.safeParse({ phone }).success).toBe(false);
    const change = { oldPhone: phone, newPhone: '+79001234568', oldCode: '111111', newCode: '222222' };
    expect(changePhoneConfirmRequestSchema.safeParse(change).success).toBe(true);
    expect(changePhoneConfirmRequestSchema.safeParse({ ...change, extra: 1 }).success).toBe(false);
    expect(
      registerOrganizationRequestSchema.safeParse({ phone, acceptUserAgreement: true, extra: 1 }).success,
    ).toBe(false);
  });

  it('checks INN check digits', () => {
    expect(isValidRussianInn('7707083893')).toBe(true);
    expect(isValidRussianInn('500100732259')).toBe(true);
    expect(isValidRussianInn('7707083894')).toBe(false);
    expect(isValidRussianInn('77070838')).toBe(false);
  });

  it('accepts the two role names of AddUserRole only', () => {
    expect(addUserRoleRequestSchema.safeParse({ role: 'admin' }).success).toBe(false);
    const organization = {
      name: 'Клуб',
      inn: '7707083893',
      city: 'Москва',
      email: 'a@b.ru',
      contactPerson: 'Петрова Анна',
    };
    expect(addUserRoleRequestSchema.safeParse({ role: 'organization', organization }).success).toBe(true);
    expect(
      registerOrganizationRequestSchema.safeParse({
        phone: '+79001234567',
        organization,
        acceptUserAgreement: true,
        acceptOrganizationAgreement: true,
      }).success,
    ).toBe(true);
  });

  it('refuses a phone change onto the same number', () => {
    const result = changePhoneRequestSchema.safeParse({
      oldPhone: '+79001234567',
      newPhone: '+7 (900) 123-45-67',
    });
    expect(result.success).toBe(false);
  });

  it('describes the access token: one Sportsman id, or a list when the login holds several', () => {
    const base = {
      sub: 'l',
      iss: 'i',
      aud: 'a',
      typ: 'access',
      iat: 1,
      exp: 2,
      jti: 'j',
      ContractorType: 'sportsman',
    };
    expect(accessTokenClaimsSchema.safeParse({ ...base, Sportsman: 'a' }).success).toBe(true);
    expect(accessTokenClaimsSchema.safeParse({ ...base, Sportsman: ['a', 'b'] }).success).toBe(true);
    expect(accessTokenClaimsSchema.safeParse({ ...base, Sportsman: ['a'] }).success).toBe(true);
    expect(accessTokenClaimsSchema.safeParse({ ...base, Sportsman: [] }).success).toBe(false);
    expect(accessTokenClaimsSchema.safeParse({ ...base, typ: 'refresh' }).success).toBe(false);
  });

  it('names each auth endpoint once, its path under /api/auth', () => {
    expect(authPaths.loginUser).toBe('/api/auth/LoginUser');
    expect(authPaths.refresh).toBe(authPath('Refresh'));
    expect(authPath('Refresh')).toBe('/api/auth/Refresh');
    expect(authPaths.changePhoneConfirm).toBe('/api/auth/ChangePhoneConfirm');
    expect(Object.keys(authPaths)).toHaveLength(14);
    expect(Object.values(authPaths).every((path) => /^\/api\/auth\/[A-Z][A-Za-z]+$/.test(path))).toBe(true);
  });
});
