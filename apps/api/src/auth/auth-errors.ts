import { authErrorCodes } from '@fed/contracts';
import { ApiException } from '../common/api-exception.filter';
import { waitText } from '../common/retry-after';

/** How long a client should wait before trying again when the auth store cannot be used. */
const STORE_RETRY_AFTER_SECONDS = 5;

/** A 429 whose message and `Retry-After` say the same wait. */
function tooMany(code: string, what: string, retryAfterSeconds: number): ApiException {
  return new ApiException(
    429,
    { code, message: `${what}. Повторите через ${waitText(retryAfterSeconds)}` },
    { 'Retry-After': String(retryAfterSeconds) },
  );
}

/** The auth server's refusals, each one `ApiError` with a Russian message. */
export const authErrors = {
  codeInvalid: (triesLeft?: number) => {
    const message = triesLeft === undefined ? 'Неверный код' : `Неверный код. Осталось попыток: ${triesLeft}`;
    return new ApiException(400, {
      code: authErrorCodes.codeInvalid,
      message,
      fieldErrors: { code: [message] },
    });
  },
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
        message: `Новый код можно запросить через ${waitText(retryAfterSeconds)}`,
      },
      { 'Retry-After': String(retryAfterSeconds) },
    ),
  tooManyCodes: (retryAfterSeconds: number) =>
    tooMany(authErrorCodes.tooManyCodes, 'Слишком много кодов на этот номер', retryAfterSeconds),
  tooManyRequests: (retryAfterSeconds: number) =>
    tooMany(authErrorCodes.tooManyRequests, 'Слишком много запросов', retryAfterSeconds),
  tooManyNewAccounts: (retryAfterSeconds: number) =>
    tooMany(authErrorCodes.tooManyRequests, 'Слишком много новых спортсменов за час', retryAfterSeconds),
  /** `field`: where the form shows it (`phone`, or `newPhone` of a phone change). */
  phoneTaken: (field = 'phone') =>
    new ApiException(409, {
      code: authErrorCodes.phoneTaken,
      message: 'Этот номер уже зарегистрирован',
      fieldErrors: { [field]: ['Этот номер уже зарегистрирован'] },
    }),
  /** `field`: `phone`, or `oldPhone` of a phone change. */
  phoneNotRegistered: (field = 'phone') =>
    new ApiException(404, {
      code: authErrorCodes.phoneNotRegistered,
      message: 'Этот номер не зарегистрирован',
      fieldErrors: { [field]: ['Этот номер не зарегистрирован'] },
    }),
  linkedAccountsLimit: (limit: number) =>
    new ApiException(409, {
      code: authErrorCodes.linkedAccountsLimit,
      message: `К одной учётной записи можно привязать не больше ${limit} спортсменов`,
    }),
  roleExists: () =>
    new ApiException(409, { code: authErrorCodes.roleExists, message: 'У вас уже есть эта роль' }),
  tokenInvalid: () => new ApiException(401, { code: authErrorCodes.tokenInvalid, message: 'Требуется вход' }),
  /** A well-formed access token whose session was ended (logout, theft detection, phone change). */
  sessionEnded: () =>
    new ApiException(401, { code: authErrorCodes.tokenInvalid, message: 'Сессия завершена. Войдите снова' }),
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
  /**
   * The store of logins and sessions cannot be used now (the auth routes' filter, and the session check every
   * signed-in call makes): nothing the user did, try again shortly.
   */
  storeUnavailable: () =>
    new ApiException(
      503,
      {
        code: authErrorCodes.serviceUnavailable,
        message: `Сервис временно недоступен. Повторите через ${waitText(STORE_RETRY_AFTER_SECONDS)}`,
      },
      { 'Retry-After': String(STORE_RETRY_AFTER_SECONDS) },
    ),
  platformUnavailable: () =>
    new ApiException(502, {
      code: authErrorCodes.platformUnavailable,
      message: 'Платформа недоступна. Попробуйте позже',
    }),
};
