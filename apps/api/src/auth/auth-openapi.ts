import {
  addAccountRequestSchema,
  addAccountResponseSchema,
  addUserRoleRequestSchema,
  addUserRoleResponseSchema,
  apiErrorSchema,
  authPaths,
  changePhoneConfirmRequestSchema,
  changePhoneRequestSchema,
  codeSentResponseSchema,
  linkedAccountsResponseSchema,
  loginUserConfirmRequestSchema,
  loginUserRequestSchema,
  logoutRequestSchema,
  logoutResponseSchema,
  phoneStatusRequestSchema,
  phoneStatusResponseSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  registerOrganizationRequestSchema,
  registerUserConfirmRequestSchema,
  registerUserRequestSchema,
  switchAccountRequestSchema,
  switchAccountResponseSchema,
  tokenResponseSchema,
  USER_ID_HEADER,
} from '@fed/contracts';
import { z } from 'zod';

interface AuthRouteDoc {
  method: 'get' | 'post';
  path: string;
  summary: string;
  description: string;
  request?: z.ZodType;
  example?: unknown;
  response: z.ZodType;
  signedIn?: boolean;
  /** Error statuses besides 400 (bad body), each with what it means. */
  errors: Record<number, string>;
}

const phone = '+79001234567';
const person = {
  lastName: 'Иванов',
  firstName: 'Пётр',
  middleName: 'Сергеевич',
  birthDate: '2010-05-17',
  city: 'Казань',
  gender: 'male',
};
const sendErrors = {
  502: '`sms_unavailable`: the SMS gateway failed; nothing was sent and a new code may be asked for at once.',
  429: '`resend_too_early` (60 s between codes to one phone), `too_many_codes` (the lock of one phone for one address, growing 1, 2, 5, 15 min; 10 codes a day per phone and address, 20 per phone) or `too_many_requests` (per-IP limits, including 30 answers per 10 min that tell whether a number is registered); `Retry-After` says when to try again, the message in Russian too.',
};
const notRegistered =
  '`phone_not_registered` («Этот номер не зарегистрирован», also under `fieldErrors.phone`): nothing sent.';
const taken =
  '`phone_taken` («Этот номер уже зарегистрирован», also under `fieldErrors.phone`): nothing sent.';
const confirmErrors = {
  400: 'Also `code_invalid`, `code_expired` (5 minutes), `code_attempts_exceeded` (5 wrong tries).',
  429: '`too_many_requests`: per-IP limit of confirm attempts; `Retry-After` in seconds.',
};

/** The auth endpoints as documented on `/api/docs`; bodies are the contracts' zod schemas. */
export const authRouteDocs: AuthRouteDoc[] = [
  {
    method: 'post',
    path: authPaths.loginUser,
    summary: 'Send a sign-in code',
    description:
      'Sends a 6-digit code by SMS when the phone has a login; a phone without one is a 404 (ADR 0012).',
    request: loginUserRequestSchema,
    example: { phone },
    response: codeSentResponseSchema,
    errors: { ...sendErrors, 404: notRegistered },
  },
  {
    method: 'post',
    path: authPaths.phoneStatus,
    summary: 'Whether a phone has a login',
    description:
      'For the registration page’s phone step. Counted in the per-IP limit of answers that tell whether a number is registered.',
    request: phoneStatusRequestSchema,
    example: { phone },
    response: phoneStatusResponseSchema,
    errors: { 429: '`too_many_requests`: 30 such answers per IP per 10 minutes; `Retry-After`.' },
  },
  {
    method: 'post',
    path: authPaths.loginUserConfirm,
    summary: 'Sign in with the code',
    description:
      '`contractorType` picks the role when the login holds both; default: the role it registered with.',
    request: loginUserConfirmRequestSchema,
    example: { phone, code: '123456' },
    response: tokenResponseSchema,
    errors: confirmErrors,
  },
  {
    method: 'post',
    path: authPaths.registerUser,
    summary: 'Register a person (athlete): send a code',
    description:
      'Validates the person and the two agreements, keeps them with the code and sends it. A phone that already has a login is a 409 at once.',
    request: registerUserRequestSchema,
    example: { phone, person, acceptUserAgreement: true, acceptSportsmanAgreement: true },
    response: codeSentResponseSchema,
    errors: { ...sendErrors, 409: taken },
  },
  {
    method: 'post',
    path: authPaths.registerOrganization,
    summary: 'Register an organization: send a code',
    description:
      'Confirmed with `RegisterUserConfirm`. The INN is checked (10 or 12 digits with check digits). A phone that already has a login is a 409 at once.',
    request: registerOrganizationRequestSchema,
    example: {
      phone,
      organization: {
        name: 'СШОР «Юность»',
        inn: '7707083893',
        city: 'Москва',
        email: 'info@example.ru',
        contactPerson: 'Петрова Анна Викторовна',
      },
      acceptUserAgreement: true,
      acceptOrganizationAgreement: true,
    },
    response: codeSentResponseSchema,
    errors: { ...sendErrors, 409: taken },
  },
  {
    method: 'post',
    path: authPaths.registerUserConfirm,
    summary: 'Confirm a registration (person or organization)',
    description:
      'Creates the record on the platform (`runBP` create_sportsman, or the organization item), binds it to a new login and signs in.',
    request: registerUserConfirmRequestSchema,
    example: { phone, code: '123456' },
    response: tokenResponseSchema,
    errors: {
      ...confirmErrors,
      409: '`phone_taken`: the phone got a login meanwhile.',
      502: 'Platform unavailable; the code stays usable.',
    },
  },
  {
    method: 'post',
    path: authPaths.refresh,
    summary: 'Rotate the refresh token',
    description:
      'Send without Authorization. Answers a new pair; the sent token is used up. Reusing a used token more than 30 s later revokes the whole session (family); within 30 s (two tabs) both get new tokens.',
    request: refreshRequestSchema,
    example: { RefreshToken: 'opaque-token' },
    response: refreshResponseSchema,
    errors: { 401: '`refresh_invalid`: unknown, expired, revoked or reused token.', 429: 'Per-IP limit.' },
  },
  {
    method: 'post',
    path: authPaths.logout,
    summary: 'Log out',
    description: 'Revokes the refresh token’s session (family). Unknown tokens are accepted silently.',
    request: logoutRequestSchema,
    example: { RefreshToken: 'opaque-token' },
    response: logoutResponseSchema,
    errors: {},
  },
  {
    method: 'post',
    path: authPaths.changePhone,
    summary: 'Change the login phone: send codes to both numbers',
    description:
      'For the /login-change page (not signed in). An old phone without a login is a 404 (on `oldPhone`), a new phone that has one a 409 (on `newPhone`); nothing is sent then.',
    request: changePhoneRequestSchema,
    example: { oldPhone: phone, newPhone: '+375291234567' },
    response: codeSentResponseSchema,
    errors: {
      ...sendErrors,
      404: '`phone_not_registered` on `oldPhone`.',
      409: '`phone_taken` on `newPhone`.',
    },
  },
  {
    method: 'post',
    path: authPaths.changePhoneConfirm,
    summary: 'Change the login phone: confirm both codes',
    description: 'Moves the login, ends all its other sessions and signs in.',
    request: changePhoneConfirmRequestSchema,
    example: { oldPhone: phone, newPhone: '+375291234567', oldCode: '123456', newCode: '654321' },
    response: tokenResponseSchema,
    errors: { ...confirmErrors, 409: '`phone_taken`: the new phone got a login meanwhile.' },
  },
  {
    method: 'post',
    path: authPaths.addUserRole,
    summary: 'Add the other role to the login',
    description:
      'Role names: `sportsman` (with `person`) or `organization` (with `organization`). Creates the record and makes it the active role.',
    request: addUserRoleRequestSchema,
    example: { role: 'sportsman', person },
    response: addUserRoleResponseSchema,
    signedIn: true,
    errors: { 409: '`role_exists`: the login already holds that role.' },
  },
  {
    method: 'post',
    path: authPaths.addAccount,
    summary: 'Add a linked athlete account',
    description:
      'The spec’s add-account payload. Creates an athlete bound to the same phone; the active athlete stays (the new tokens’ `Sportsman` is a list of it). At most 10 athletes per login, 5 calls per login per hour.',
    request: addAccountRequestSchema,
    example: person,
    response: addAccountResponseSchema,
    signedIn: true,
    errors: {
      403: '`organization_forbidden`: organizations cannot add athletes.',
      409: '`linked_accounts_limit`: the login holds 10 athletes.',
      429: '`too_many_requests`: 5 per login per hour; `Retry-After`.',
    },
  },
  {
    method: 'post',
    path: authPaths.switchAccount,
    summary: 'Switch to another record of the login',
    description: 'The new tokens’ `Sportsman` names the chosen athlete (or the role becomes organization).',
    request: switchAccountRequestSchema,
    example: { id: '5fc85c4d-1475-4fa3-b59d-adefec6b1a3e' },
    response: switchAccountResponseSchema,
    signedIn: true,
    errors: {
      403: '`forbidden_user` (not one of the login’s records) or `organization_forbidden`.',
    },
  },
  {
    method: 'get',
    path: authPaths.linkedAccounts,
    summary: 'List the login’s athletes',
    description: 'Read through the platform’s `getUsersByElmaUserId`; the active athlete first.',
    response: linkedAccountsResponseSchema,
    signedIn: true,
    errors: { 403: '`organization_forbidden`.' },
  },
];

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  return z.toJSONSchema(schema, { io, target: 'openapi-3.0', unrepresentable: 'any' }) as JsonSchema;
}

function errorResponse(description: string) {
  return { description, content: { 'application/json': { schema: jsonSchema(apiErrorSchema, 'output') } } };
}

/** OpenAPI `paths` of the auth endpoints, generated from the contracts' zod schemas. */
export function authOpenApiPaths(): Record<string, Record<string, unknown>> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of authRouteDocs) {
    const responses: Record<string, unknown> = {
      200: {
        description: 'OK',
        content: { 'application/json': { schema: jsonSchema(route.response, 'output') } },
      },
    };
    if (route.request) {
      responses[400] = errorResponse(
        '`validation_failed`: `fieldErrors` maps each bad field (dotted path) to Russian messages.' +
          (route.errors[400] ? ` ${route.errors[400]}` : ''),
      );
    }
    if (route.signedIn) {
      responses[401] = errorResponse(
        '`unauthorized` without a token; `token_invalid`: forged, expired or foreign access token, or its session ended (logout, reuse, phone change).',
      );
      responses[403] = errorResponse(
        `\`forbidden_user\`: the \`${USER_ID_HEADER}\` header is not one of the caller's ids.` +
          (route.errors[403] ? ` ${route.errors[403]}` : ''),
      );
    }
    for (const [status, description] of Object.entries(route.errors)) {
      if (status !== '400' && status !== '403') responses[status] = errorResponse(description);
    }
    paths[route.path] = {
      [route.method]: {
        tags: ['auth'],
        summary: route.summary,
        description: route.description,
        ...(route.signedIn
          ? {
              security: [{ bearer: [] }],
              parameters: [
                {
                  name: USER_ID_HEADER,
                  in: 'header',
                  required: false,
                  description: 'The active user; must be one of the caller’s own ids.',
                  schema: { type: 'string' },
                },
              ],
            }
          : {}),
        ...(route.request
          ? {
              requestBody: {
                required: true,
                content: {
                  'application/json': { schema: jsonSchema(route.request, 'input'), example: route.example },
                },
              },
            }
          : {}),
        responses,
      },
    };
  }
  return paths;
}
