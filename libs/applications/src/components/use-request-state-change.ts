import { messageOf, type ScriptInput } from '@fed/api-client';
import { useToast } from '@fed/ui-kit';
import { useChangeRequestStateMutation } from '../api/applications-api';

/**
 * Moves a request to another state and tells the person how it went: the success message they are given,
 * or the api's Russian reason for a refusal (an illegal transition, a closed registration), else the
 * spec's generic error. Resolves to whether the change went through.
 */
export function useRequestStateChange() {
  const [change, { isLoading }] = useChangeRequestStateMutation();
  const toast = useToast();
  const changeState = async (input: ScriptInput<'changeCompetitionRequestState'>, success: string) => {
    const result = await change(input);
    if ('error' in result) {
      toast.error(messageOf(result.error));
      return false;
    }
    toast.success(success);
    return true;
  };
  return { changeState, changing: isLoading };
}
