import { useSelector } from 'react-redux';
import { imageUrl } from '@fed/api-client';
import { selectLinkedAccounts, selectUser } from '@fed/auth-session';
import type { GenderCode } from '@fed/contracts';

/** An athlete of the signed-in login as the membership pages show them. */
export interface OwnAthlete {
  id: string;
  name: string;
  /** The photo's address through the image proxy, or null (the placeholder shows). */
  photo: string | null;
  gender: GenderCode | null;
}

/** Photos on the card and the page: twice the largest avatar, for sharp print and dense screens. */
const PHOTO_PX = 240;

const photoOf = (fileId: string | null) =>
  fileId ? imageUrl(fileId, { width: PHOTO_PX, height: PHOTO_PX }) : null;

/**
 * The athlete `id` if the signed-in login holds it (the active account or a linked one), from the session:
 * `null` for anyone else's id, whose membership this login may not see (the api refuses it too).
 */
export function useOwnAthlete(id: string): OwnAthlete | null {
  const user = useSelector(selectUser);
  const linked = useSelector(selectLinkedAccounts);
  if (user?.id === id && user.contractorType === 'sportsman') {
    return { id, name: user.displayName, photo: photoOf(user.avatarUrl), gender: user.gender };
  }
  const account = linked.find((candidate) => candidate.id === id);
  return account
    ? { id, name: account.fio, photo: photoOf(account.avatar), gender: account.gender?.code ?? null }
    : null;
}
