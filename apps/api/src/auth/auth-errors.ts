import { authErrorCodes } from '@fed/contracts';
import { ApiException } from '../common/api-exception.filter';

/** The auth server's refusals, each one `ApiError` with a Russian message. */
export const authErrors = {
  codeInvalid: (triesLeft?: number) =>
    new ApiException(400, {
      code: authErrorCodes.codeInvalid,
      message: triesLeft === undefined ? 'Неверный код' : `Неверный код. Осталось попыток: ${triesLeft}`,
      fieldErrors: { code: ['Неверный код'] },
    }),
  codeExpired: () =>
    new ApiException(400, {
      code: authErrorCodes.codeExpired,
      message: 'Срок действия кода истёк. Запросите новый код',
      fieldErrors: { code: ['Срок действия кода истёк'] },
    }),
  codeAttemptsExceeded: () =>
    new ApiException(400, {
      code: authErrorCodes.codeAttemptsExceeded,
      message: 'Превышено число попыток ввода кода. Запросите новый код',
      fieldErrors: { code: ['Превышено число попыток'] },
    }),
  resendTooEarly: (retryAfterSeconds: number) =>
    new ApiException(
      429,
      {
        code: authErrorCodes.resendTooEarly,
        message: `Новый код можно запросить через ${retryAfterSeconds} с`,
      },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  tooManyCodes: (retryAfterSeconds: number) =>
    new ApiException(
      429,
      { code: authErrorCodes.tooManyCodes, message: 'Слишком много кодов на этот номер. Попробуйте позже' },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiException(
      429,
      { code: authErrorCodes.tooManyRequests, message: 'Слишком много запросов. Попробуйте позже' },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  phoneTaken: () =>
    new ApiException(409, {
      code: authErrorCodes.phoneTaken,
      message: 'Этот номер уже зарегистрирован. Войдите по нему',
    }),
  roleExists: () =>
    new ApiException(409, { code: authErrorCodes.roleExists, message: 'У вас уже есть эта роль' }),
  tokenInvalid: () => new ApiException(401, { code: authErrorCodes.tokenInvalid, message: 'Требуется вход' }),
  refreshInvalid: () =>
    new ApiException(401, {
      code: authErrorCodes.refreshInvalid,
      message: 'Сессия завершена. Войдите снова',
    }),
  forbiddenUser: () =>
    new ApiException(403, { code: authErrorCodes.forbiddenUser, message: 'Это не ваш аккаунт' }),
  organizationForbidden: () =>
    new ApiException(403, {
      code: authErrorCodes.organizationForbidden,
      message: 'Организация не может добавлять спортсменов или переключаться между ними',
    }),
  smsUnavailable: () =>
    new ApiException(502, {
      code: authErrorCodes.smsUnavailable,
      message: 'Не удалось отправить СМС. Попробуйте позже',
    }),
  platformUnavailable: () =>
    new ApiException(502, {
      code: authErrorCodes.platformUnavailable,
      message: 'Платформа недоступна. Попробуйте позже',
    }),
};
