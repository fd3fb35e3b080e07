import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { messageOf } from '@fed/api-client';
import { useToast } from '@fed/ui-kit';

/**
 * What follows sending an application, new or changed: a refusal is said in a toast and the form keeps every
 * choice; success says `done` and goes to the cabinet, where the application is listed. The cabinet may still be
 * loading then: until it takes the page's place, `leaving` keeps the form busy, so that it is not sent twice.
 */
export function useApplicationSaved(done: string) {
  const toast = useToast();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const saved = (result: { error?: FetchBaseQueryError | SerializedError }) => {
    if (result.error) {
      toast.error(messageOf(result.error));
      return;
    }
    setLeaving(true);
    toast.success(done);
    void navigate('/profile');
  };
  return { saved, leaving };
}
