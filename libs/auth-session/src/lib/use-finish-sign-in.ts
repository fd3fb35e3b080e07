import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { finishSignIn } from '../model/session-actions';
import { useSessionDispatch } from '../model/session-dispatch';
import { signInFinished } from '../model/session-slice';

/**
 * Ends a confirmed sign-in (spec §4 "After setting an account"): once the user is loaded, goes to the remembered
 * page or /profile, and only there ends the sign-in, so that the page it was made on neither changes its frame
 * nor shows the signed-in view for a moment (the registration pages) while the next page loads.
 */
export function useFinishSignIn(): () => Promise<void> {
  const dispatch = useSessionDispatch();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      const target = await dispatch(finishSignIn()).unwrap();
      // Rendered at once, not as a transition: the sign-in ends right after, and a guest-only page still on
      // screen would then send the user on to /profile (its guard), away from the remembered page.
      await navigate(target, { replace: true, flushSync: true });
    } finally {
      dispatch(signInFinished());
    }
  }, [dispatch, navigate]);
}
