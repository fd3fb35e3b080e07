import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import { imageUrl, UNEXPECTED_ERROR } from '@fed/api-client';
import type { LinkedAccount } from '@fed/contracts';
import { useToast, type AvatarProps } from '@fed/ui-kit';
import { logOut, switchToAccount } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { selectContractorType, selectOtherAccounts, selectUser } from '../model/session-slice';
import { roleDisplayName } from '../model/roles';
import { reloadAt } from '../lib/page-reload';

/** Avatar size in the menus, in CSS pixels; the image is asked for at twice that for sharp screens. */
const MENU_AVATAR_PX = 40;

const avatarSrc = (fileId: string | null) =>
  fileId ? imageUrl(fileId, { width: MENU_AVATAR_PX * 2, height: MENU_AVATAR_PX * 2 }) : null;

type AccountAvatar = Pick<AvatarProps, 'src' | 'name' | 'role' | 'gender'>;

/** The picture of another athlete of the login in the menus: `<Avatar {...linkedAvatar(other)} … />`. */
export const linkedAvatar = (other: LinkedAccount): AccountAvatar => ({
  src: avatarSrc(other.avatar),
  name: other.fio,
  role: 'sportsman',
  gender: other.gender?.code,
});

/**
 * Switching to another athlete of the login (spec §4: sets the active user and reloads /profile); a failure is a
 * toast. `switching`: the id being switched to, until the page reloads.
 */
function useSwitchAccount() {
  const dispatch = useSessionDispatch();
  const toast = useToast();
  const [switching, setSwitching] = useState<string | null>(null);
  const switchTo = async (id: string) => {
    setSwitching(id);
    try {
      await dispatch(switchToAccount(id)).unwrap();
      reloadAt('/profile');
    } catch {
      setSwitching(null);
      toast.error(UNEXPECTED_ERROR);
    }
  };
  return { switchTo, switching };
}

/** What the user menus show and do: the current user, the other athletes of the login, switch, add, logout. */
export function useAccountActions() {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const { switchTo, switching } = useSwitchAccount();
  const user = useSelector(selectUser);
  const contractorType = useSelector(selectContractorType);
  const otherAccounts = useSelector(selectOtherAccounts);
  const [addOpen, setAddOpen] = useState(false);
  const isAthlete = contractorType === 'sportsman';
  const role = contractorType ?? 'sportsman';
  const displayName = user?.displayName ?? (contractorType ? roleDisplayName(contractorType) : 'Аккаунт');

  return {
    isAthlete,
    role,
    displayName,
    /** The current account's picture: `<Avatar {...account.avatar} … />`. */
    avatar: {
      src: avatarSrc(user?.avatarUrl ?? null),
      name: displayName,
      role,
      gender: user?.gender ?? null,
    } satisfies AccountAvatar,
    /** Organizations cannot switch or add athletes (spec §6). */
    otherAccounts: isAthlete ? otherAccounts : ([] as LinkedAccount[]),
    addOpen,
    setAddOpen,
    /** Spec §4: switching sets the active user and reloads /profile. */
    switchTo,
    /** The account being switched to, until the page reloads. */
    switching,
    /** Spec §4: logout clears the session and goes to /. */
    logOut: async () => {
      await dispatch(logOut());
      navigate('/', { replace: true });
    },
    /** Logout that stays on the page: a registration form, usable once nobody is signed in. */
    logOutHere: async () => {
      await dispatch(logOut());
    },
  };
}
