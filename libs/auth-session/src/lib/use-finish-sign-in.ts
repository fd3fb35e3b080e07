import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { signInFinished } from '../model/session-slice';

/**
 * Ends a confirmed sign-in (spec §4 "After setting an account"): once the user is loaded, goes to the remembered
 * page or /profile. The sign-in is over only when the page it was made on has gone (unmounted): until the next
 * page is drawn, the old one may be drawn again, and neither may it then act as a page for someone signed in
 * (the guest-only /login sending the user on to /profile, the registration pages changing their frame).
 */
export function useFinishSignIn(): () => Promise<void> {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  const goneOn = useRef(false);
  useEffect(
    () => () => {
      if (goneOn.current) dispatch(signInFinished());
    },
    [dispatch],
  );
  return useCallback(async () => {
    try {
      const target = await dispatch(finishSignIn()).unwrap();
      goneOn.current = true;
      await navigate(target, { replace: true });
    } catch (error) {
      // Nowhere to go: the sign-in ends here, on this page.
      dispatch(signInFinished());
      throw error;
    }
  }, [dispatch, navigate]);
}
