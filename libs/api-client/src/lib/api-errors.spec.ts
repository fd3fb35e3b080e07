import { describe, expect, it, vi } from 'vitest';
import { apiErrorOf, isMissingRecord, messageOf, showFieldErrors, UNEXPECTED_ERROR } from './api-errors';

const refusal = (data: unknown, status = 400) => ({ status, data });

describe('api errors for people', () => {
  it('reads the api’s JSON error, and nothing from a failure without one', () => {
    const error = { statusCode: 400, code: 'invalid_body', message: 'Неверный запрос' };
    expect(apiErrorOf(refusal(error))).toEqual(error);
    expect(apiErrorOf(refusal('<html>'))).toBeNull();
    expect(apiErrorOf({ status: 'FETCH_ERROR', error: 'TypeError' })).toBeNull();
    expect(apiErrorOf(undefined)).toBeNull();
  });

  it('tells a missing record (404, or 400 for an id the platform cannot read) from a failure', () => {
    expect(isMissingRecord(refusal({ statusCode: 404, code: 'not_found', message: 'нет' }, 404))).toBe(true);
    expect(isMissingRecord(refusal({ statusCode: 400, code: 'upstream_rejected', message: 'id' }))).toBe(
      true,
    );
    expect(isMissingRecord(refusal({ statusCode: 503, code: 'upstream', message: 'down' }, 503))).toBe(false);
    expect(isMissingRecord({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(false);
    expect(isMissingRecord({ message: 'boom' })).toBe(false);
    expect(isMissingRecord(undefined)).toBe(false);
  });

  it('shows the api’s Russian message, a lost connection as such, anything else as the spec’s generic one', () => {
    expect(messageOf(refusal({ statusCode: 409, code: 'phone_taken', message: 'Номер уже занят' }))).toBe(
      'Номер уже занят',
    );
    expect(messageOf(refusal({ statusCode: 502, code: 'upstream', message: 'upstream down' }))).toBe(
      UNEXPECTED_ERROR,
    );
    expect(messageOf({ status: 'FETCH_ERROR', error: 'TypeError' })).toBe(
      'Нет связи с сервером. Проверьте подключение',
    );
    expect(messageOf({ message: 'boom' })).toBe('Произошла неожиданная ошибка');
  });

  it('puts field errors under the named fields only, and tells whether any was shown', () => {
    const error = refusal({
      statusCode: 400,
      code: 'invalid_body',
      message: 'Проверьте поля',
      fieldErrors: { phone: ['Неверный формат телефона'], inn: ['Неверный ИНН'] },
    });
    const form = { setError: vi.fn() };
    expect(showFieldErrors<{ phone: string; inn: string }>(form, error, ['phone'])).toBe(true);
    expect(form.setError.mock.calls).toEqual([['phone', { message: 'Неверный формат телефона' }]]);
    expect(showFieldErrors(form, refusal({ statusCode: 500, code: 'x', message: 'Сбой' }))).toBe(false);
  });
});
