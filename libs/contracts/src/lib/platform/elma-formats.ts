import { z } from 'zod';

/**
 * Field formats of the ELMA365 public web API (`/pub/v1`), as its documentation describes them.
 * The platform twin and the real platform answer in these shapes; the proxy and the portal parse them.
 */

/** Record ids are uuids on the real platform; kept lenient so a real upstream never fails a parse. */
export const elmaIdSchema = z.string().min(1).max(64);

/**
 * An id the portal sends: ids go into platform URLs, so only what a uuid (or a twin's id) is made of —
 * letters, digits, `_` and `-` — is accepted; a lone surrogate, a slash or a space is a 400 here, not an
 * error further down.
 */
export const elmaIdInputSchema = elmaIdSchema.regex(/^[A-Za-z0-9_-]+$/, 'Неверный идентификатор');

/** A link the portal sends (a list of ids). */
export const elmaLinkInputSchema = z.array(elmaIdInputSchema);

/** RFC 3339 date-time, e.g. `2026-11-22T00:00:00Z`. */
export const elmaDateTimeSchema = z.iso.datetime({ offset: true });

export const elmaPhoneSchema = z.object({ type: z.string(), tel: z.string() });
export type ElmaPhone = z.infer<typeof elmaPhoneSchema>;

export const elmaEmailSchema = z.object({ type: z.string(), email: z.string() });
export type ElmaEmail = z.infer<typeof elmaEmailSchema>;

/** A category (enumeration) value. */
export const elmaCategorySchema = z.object({ code: z.string(), name: z.string() });
export type ElmaCategory = z.infer<typeof elmaCategorySchema>;

/** Money: integer cents and an ISO 4217 currency. */
export const elmaMoneySchema = z.object({ cents: z.number().int(), currency: z.string().length(3) });
export type ElmaMoney = z.infer<typeof elmaMoneySchema>;

export const elmaFullNameSchema = z.object({
  lastname: z.string(),
  firstname: z.string(),
  middlename: z.string().optional().default(''),
});
export type ElmaFullName = z.infer<typeof elmaFullNameSchema>;

/** A link to other app items (or disk files): a list of ids. */
export const elmaLinkSchema = z.array(elmaIdSchema);

/** System fields every app item carries. */
export const elmaSystemFieldsSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  __createdAt: elmaDateTimeSchema,
  __updatedAt: elmaDateTimeSchema,
  __deletedAt: elmaDateTimeSchema.nullable().optional(),
});
export type ElmaSystemFields = z.infer<typeof elmaSystemFieldsSchema>;

/** Every answer of `/pub/v1` carries `success` and `error` (empty string when fine). */
export const elmaErrorAnswerSchema = z.object({ success: z.literal(false), error: z.string().min(1) });
export type ElmaErrorAnswer = z.infer<typeof elmaErrorAnswerSchema>;
