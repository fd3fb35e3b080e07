/** Statuses on which a GET-style call is tried once more (spec §7). */
export const RETRIED_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
/** The methods that are tried once more on those statuses; other methods never are. */
export const GET_STYLE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);
