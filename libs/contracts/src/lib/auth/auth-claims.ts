import { z } from 'zod';
import { elmaIdSchema } from '../platform/elma-formats';
import { contractorTypeSchema } from '../platform/records';

export { authErrorCodes } from './auth-error-codes';

/** Value of the access token's `typ` claim; a refresh token is opaque and never a JWT. */
export const ACCESS_TOKEN_TYPE = 'access';

/** Lifetime of an access token. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * Claims of the access JWT (spec §3 Session). `Sportsman` is the active athlete's id: a plain id when the
 * login holds one athlete, a list (of that one id) when it holds several — the portal then loads the
 * linked accounts; the claim never lists the whole family, so the token's size does not grow with it.
 * It is absent for a login without athletes. `Organization` is present when the login holds an
 * organization. `ContractorType` is the active role.
 */
export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  iss: z.string().min(1),
  aud: z.string().min(1),
  typ: z.literal(ACCESS_TOKEN_TYPE),
  iat: z.number().int(),
  exp: z.number().int(),
  jti: z.string().min(1),
  Sportsman: z.union([elmaIdSchema, z.array(elmaIdSchema).min(1)]).optional(),
  Organization: elmaIdSchema.optional(),
  ContractorType: contractorTypeSchema,
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;
