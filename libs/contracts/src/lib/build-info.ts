import { z } from 'zod';

/** Path of the build-id file, relative to the portal's root. The portal build writes it; the client polls it. */
export const LATEST_BUILD_PATH = 'builds/latest.json';
/** How often an open portal asks for {@link LATEST_BUILD_PATH} (besides when it comes back to the foreground). */
export const BUILD_POLL_INTERVAL_MS = 5 * 60_000;

/** `GET /builds/latest.json`: identifies the portal build currently served. */
export const buildInfoSchema = z.object({
  buildId: z.string().min(1),
  builtAt: z.iso.datetime(),
});
export type BuildInfo = z.infer<typeof buildInfoSchema>;
