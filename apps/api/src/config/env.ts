import { z } from 'zod';

/** What the api reads its configuration from: `process.env` in `main`, a plain object in tests. */
export type Env = Readonly<Record<string, string | undefined>>;

/** A variable that may be unset or empty (an empty value counts as unset, as in most deployment tools). */
export const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

/** An http(s) base URL without its trailing slashes; empty counts as unset. */
export const optionalHttpUrl = z
  .union([
    z.literal('').transform(() => undefined),
    z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/]+[^\s]*$/, 'must be an http(s) URL')
      .refine((value) => URL.canParse(value), 'must be an http(s) URL')
      .transform((value) => value.replace(/\/+$/, '')),
  ])
  .optional();

/** `VARIABLE: message` for each issue, the form every configuration problem takes. */
export function problemsOf(error: z.ZodError): string[] {
  return error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`);
}

/** A secret the environment does not give and a sandbox generates at its first start, kept in this file. */
export interface GeneratedSecret {
  generatedInto: string;
}
