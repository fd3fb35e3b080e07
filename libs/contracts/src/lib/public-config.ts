import { z } from 'zod';

/** The element of index.html that carries the public configuration, as JSON, to the portal. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'public-config';

/**
 * Configuration both the portal and the api read, and that may be shown to anyone: the platform's
 * extension (module) ids, the fixed record ids the spec names, and the analytics id.
 * Secrets never belong here.
 */
export const publicConfigSchema = z.object({
  /** The federation's own organization record: the fixed /profile/{id} link of every menu. */
  federationProfileId: z.uuid(),
  /** Platform module ids of the spec's "extension scripts". */
  extensions: z.object({
    application: z.uuid(),
    requests: z.uuid(),
    functions: z.uuid(),
    insurance: z.uuid(),
  }),
  /** The three fixed legal offer documents. */
  offerDocumentIds: z.object({
    sportsman: z.uuid(),
    organization: z.uuid(),
    user: z.uuid(),
  }),
  /** Age class of an athlete whose record lists none. */
  defaultAgeClassId: z.uuid(),
  /** Analytics counter id; the tag loads only when it is set. */
  analyticsId: z.string().min(1).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
