/** The portal's own islands' names in the registry (`registry.ts`); the libraries export theirs. */
export const GUEST_HEADER_ISLAND = 'guest-header';
