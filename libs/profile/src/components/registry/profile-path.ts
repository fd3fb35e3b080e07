/** A person's or an organization's public page. */
export const profilePath = (id: string) => `/profile/${encodeURIComponent(id)}`;
