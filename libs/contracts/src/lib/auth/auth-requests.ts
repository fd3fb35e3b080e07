import { validationMessages } from '@fed/validation';
import { z } from 'zod';
import { elmaIdSchema } from '../platform/elma-formats';
import { contractorTypeSchema } from '../platform/records';
import {
  agreementSchema,
  confirmationCodeSchema,
  authOrganizationSchema,
  authPersonSchema,
  phoneSchema,
} from './auth-fields';

/** Request bodies of `/api/auth/*`. Every body is a strict object: an unknown field is a 400. */

/** A body naming one phone. */
const phoneBodySchema = z.strictObject({ phone: phoneSchema });
/** A phone and the code sent to it. */
const phoneCodeBodySchema = phoneBodySchema.extend({ code: confirmationCodeSchema });
/** What every registration sends besides its own party: the phone and the accepted user agreement. */
const registrationBodySchema = phoneBodySchema.extend({ acceptUserAgreement: agreementSchema });

/**
 * `POST /api/auth/LoginUser`: send a sign-in code. A number without a login is a 404
 * (`phone_not_registered`, on `phone`), with nothing sent.
 */
export const loginUserRequestSchema = phoneBodySchema;
export type LoginUserRequest = z.input<typeof loginUserRequestSchema>;

/** `POST /api/auth/PhoneStatus`: whether a number has a login (the registration page's phone step). */
export const phoneStatusRequestSchema = phoneBodySchema;
export type PhoneStatusRequest = z.input<typeof phoneStatusRequestSchema>;

/**
 * `POST /api/auth/LoginUserConfirm`. `contractorType` chooses which role to sign in as when the login
 * holds both (after `AddUserRole`); by default the role the login was registered with.
 */
export const loginUserConfirmRequestSchema = phoneCodeBodySchema.extend({
  contractorType: contractorTypeSchema.optional(),
});
export type LoginUserConfirmRequest = z.input<typeof loginUserConfirmRequestSchema>;

/**
 * `POST /api/auth/RegisterUser`: a person registers; the code goes to `phone`. A number that has a login
 * is a 409 (`phone_taken`, on `phone`) at once, with nothing sent.
 */
export const registerUserRequestSchema = registrationBodySchema.extend({
  person: authPersonSchema,
  acceptSportsmanAgreement: agreementSchema,
});
export type RegisterUserRequest = z.input<typeof registerUserRequestSchema>;

/** `POST /api/auth/RegisterOrganization`: as `RegisterUser`, for an organization. */
export const registerOrganizationRequestSchema = registrationBodySchema.extend({
  organization: authOrganizationSchema,
  acceptOrganizationAgreement: agreementSchema,
});
export type RegisterOrganizationRequest = z.input<typeof registerOrganizationRequestSchema>;

/** `POST /api/auth/RegisterUserConfirm`: confirms either registration (person or organization). */
export const registerUserConfirmRequestSchema = phoneCodeBodySchema;
export type RegisterUserConfirmRequest = z.input<typeof registerUserConfirmRequestSchema>;

/** `POST /api/auth/Refresh`: sent without the Authorization header. */
export const refreshRequestSchema = z.strictObject({
  RefreshToken: z
    .string({ error: validationMessages.required })
    .min(1, validationMessages.required)
    .max(200, validationMessages.max(200)),
});
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

/** `POST /api/auth/Logout`: revokes the refresh token's whole family (this device's session). */
export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = z.input<typeof logoutRequestSchema>;

/**
 * `POST /api/auth/AddUserRole` (signed in). Role names are the contractor types of spec §3:
 * `sportsman` (with the person, creates an athlete record) or `organization` (with the organization,
 * creates the organization record). A login may hold one organization; a login that already holds
 * the asked role is refused with 409 (`AddAccount` adds further athletes).
 */
export const addUserRoleRequestSchema = z.discriminatedUnion(
  'role',
  [
    z.strictObject({ role: z.literal('sportsman'), person: authPersonSchema }),
    z.strictObject({ role: z.literal('organization'), organization: authOrganizationSchema }),
  ],
  { error: validationMessages.required },
);
export type AddUserRoleRequest = z.input<typeof addUserRoleRequestSchema>;

/** `POST /api/auth/AddAccount` (signed in, athletes only): the spec's add-account payload. */
export const addAccountRequestSchema = authPersonSchema;
export type AddAccountRequest = z.input<typeof addAccountRequestSchema>;

/** `POST /api/auth/SwitchAccount` (signed in, athletes only): one of the login's own athlete ids. */
export const switchAccountRequestSchema = z.strictObject({ id: elmaIdSchema });
export type SwitchAccountRequest = z.input<typeof switchAccountRequestSchema>;

/** The two numbers of a phone change. */
const phoneChangeBodySchema = z.strictObject({ oldPhone: phoneSchema, newPhone: phoneSchema });

/**
 * `POST /api/auth/ChangePhone` (not signed in, as the /login-change page): codes go to both numbers.
 * An old number without a login is a 404 on `oldPhone`, a new number that has one a 409 on `newPhone`.
 */
export const changePhoneRequestSchema = phoneChangeBodySchema.refine(
  (body) => body.oldPhone !== body.newPhone,
  { message: 'Новый номер совпадает с прежним', path: ['newPhone'] },
);
export type ChangePhoneRequest = z.input<typeof changePhoneRequestSchema>;

/** `POST /api/auth/ChangePhoneConfirm`: both codes; the login moves to `newPhone` and is signed in. */
export const changePhoneConfirmRequestSchema = phoneChangeBodySchema.extend({
  oldCode: confirmationCodeSchema,
  newCode: confirmationCodeSchema,
});
export type ChangePhoneConfirmRequest = z.input<typeof changePhoneConfirmRequestSchema>;
