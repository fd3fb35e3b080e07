import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '@fed/api-client';
import { useToast } from '@fed/ui-kit';

/**
 * What follows sending an application, new or changed: a refusal is said in a toast and the form keeps every
 * choice; success says `done` and goes to the cabinet, where the application is listed.
 */
export function useApplicationSaved(done: string) {
  const toast = useToast();
  const navigate = useNavigate();
  return (result: { error?: FetchBaseQueryError | SerializedError }) => {
    if (result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    toast.success(done);
    void navigate('/profile');
  };
}
