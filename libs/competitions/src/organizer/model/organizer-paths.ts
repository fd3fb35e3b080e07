/** Where the organization's pages live (the portal's route table has the same paths). */
export const PROFILE_PATH = '/profile';
export const CREATE_COMPETITION_PATH = '/profile/create-competition';
export const CREATE_COMPETITION_SUCCESS_PATH = '/profile/create-competition/success';
export const submitDocumentsPath = (id: string) => `/profile/submit-documents/${encodeURIComponent(id)}`;

/** The router state the creation page hands to the success page. */
export interface CreatedCompetitionState {
  event: { id: string; name: string };
}

/** The created event from the router state, or null when the page was opened some other way. */
export function readCreatedCompetition(state: unknown): CreatedCompetitionState['event'] | null {
  if (typeof state !== 'object' || state === null || !('event' in state)) return null;
  const { event } = state;
  if (typeof event !== 'object' || event === null) return null;
  const { id, name } = event as Record<string, unknown>;
  return typeof id === 'string' && id !== '' && typeof name === 'string' ? { id, name } : null;
}
