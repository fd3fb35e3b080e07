import { z } from 'zod';
import { elmaIdSchema } from '../platform/elma-formats';
import { contractorTypeSchema, genderCodeSchema } from '../platform/records';

/** Answer bodies of `/api/auth/*`. */

/** A code was sent. */
export const codeSentResponseSchema = z.object({
  data: z.object({
    codeLength: z.number().int(),
    /** The code dies after this many seconds. */
    expiresInSeconds: z.number().int(),
    /** A new code for this phone may be asked for after this many seconds. */
    resendAfterSeconds: z.number().int(),
  }),
});
export type CodeSentResponse = z.infer<typeof codeSentResponseSchema>;

/** Access JWT and opaque refresh token, named as the spec's answers name them. */
export const tokenPairSchema = z.object({ Token: z.string(), RefreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

/** `LoginUserConfirm`, `RegisterUserConfirm`, `ChangePhoneConfirm`: `data.Token`, `data.RefreshToken`. */
export const tokenResponseSchema = z.object({ data: tokenPairSchema });
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

/** `Refresh`: `Token`, `RefreshToken` at the top level (spec §7). */
export const refreshResponseSchema = tokenPairSchema;
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

/** `AddAccount`: spec §7 add-account answer. */
export const addAccountResponseSchema = z.object({
  data: z.object({ TokenResponse: tokenPairSchema, NewElmaUserId: elmaIdSchema }),
});
export type AddAccountResponse = z.infer<typeof addAccountResponseSchema>;

/** `AddUserRole`: new tokens (claims now name the new record) and the new record's id. */
export const addUserRoleResponseSchema = z.object({
  data: tokenPairSchema.extend({ NewElmaUserId: elmaIdSchema, ContractorType: contractorTypeSchema }),
});
export type AddUserRoleResponse = z.infer<typeof addUserRoleResponseSchema>;

/** `SwitchAccount`: new tokens whose `Sportsman` list starts with the chosen id. */
export const switchAccountResponseSchema = z.object({
  data: tokenPairSchema.extend({ ActiveUserId: elmaIdSchema }),
});
export type SwitchAccountResponse = z.infer<typeof switchAccountResponseSchema>;

/** One linked (united) account, spec §3: id, fio, avatar, gender.code. */
export const linkedAccountSchema = z.object({
  id: elmaIdSchema,
  fio: z.string(),
  /** Platform file id of the photo, null when there is none (the portal shows the placeholder). */
  avatar: z.string().nullable(),
  gender: z.object({ code: genderCodeSchema }).nullable(),
});
export type LinkedAccount = z.infer<typeof linkedAccountSchema>;

/** `GET /api/auth/LinkedAccounts`: the login's athletes, the active one first. */
export const linkedAccountsResponseSchema = z.object({ data: z.array(linkedAccountSchema) });
export type LinkedAccountsResponse = z.infer<typeof linkedAccountsResponseSchema>;

/** `Logout`. */
export const logoutResponseSchema = z.object({ data: z.object({ loggedOut: z.literal(true) }) });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** `PhoneStatus`: whether the number has a login. */
export const phoneStatusResponseSchema = z.object({ data: z.object({ registered: z.boolean() }) });
export type PhoneStatusResponse = z.infer<typeof phoneStatusResponseSchema>;
