import { z } from 'zod';

/** Path of the build-id file, relative to the portal's root. The portal build writes it; the client polls it. */
export const LATEST_BUILD_PATH = 'builds/latest.json';

/** `GET /builds/latest.json`: identifies the portal build currently served. */
export const buildInfoSchema = z.object({
  buildId: z.string().min(1),
  builtAt: z.iso.datetime(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;
