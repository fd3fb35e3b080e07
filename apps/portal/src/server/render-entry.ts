import type { CreatePortalRenderer } from '@fed/contracts';

/**
 * The render module's entry (`render.mjs`), which the api imports by a URL of its build (`render.mjs?build=…`), to
 * take a new build without a restart. The renderer is a chunk of its own, imported from here: as the entry itself,
 * the chunks of the pages imported it back by its plain URL — a second instance of the module, whose contexts
 * (`IslandPlaceholders`, `PageLinkContext`) the page's tree never provided, so that islands were rendered in place
 * by the app's tree and no island's files were named in the page.
 */
export const createPortalRenderer: CreatePortalRenderer = async (options) =>
  (await import('./render')).createPortalRenderer(options);
