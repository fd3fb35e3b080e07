import { useEffect, useState } from 'react';
import { GuestReadError, messageOf, readAsGuest, type PlatformRequest } from '@fed/api-client';

/** How an island's read stands: what a section shows of it (`SectionList`), as an RTK Query result would say. */
export interface GuestRead<T> {
  /** The last answer, kept while the next read runs (as RTK Query's `data`), so the shown page dims, not blanks. */
  data?: T;
  isFetching: boolean;
  isError: boolean;
  /** What a person reads of the failure. */
  errorText?: string;
  refetch: () => void;
}

interface ReadState<T> {
  data?: T;
  fetching: boolean;
  errorText?: string;
}

/**
 * A read of an island of a guest's page, outside any store (`readAsGuest`): it starts when the island mounts (the
 * server rendered it loading, as the app's page is), again when `request` changes, and on `refetch`; a read
 * superseded or left is aborted. `null`: nothing to read.
 */
export function useGuestRead<T>(request: PlatformRequest | null): GuestRead<T> {
  const url = request?.url ?? null;
  const [state, setState] = useState<ReadState<T>>({ fetching: url !== null });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (url === null) return undefined;
    const controller = new AbortController();
    setState((current) => ({ data: current.data, fetching: true }));
    readAsGuest<T>({ url }, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, fetching: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState((current) => ({
          data: current.data,
          fetching: false,
          errorText: messageOf(error instanceof GuestReadError ? error.failure : undefined),
        }));
      },
    );
    return () => controller.abort();
  }, [url, attempt]);

  return {
    data: state.data,
    isFetching: state.fetching,
    isError: state.errorText !== undefined,
    errorText: state.errorText,
    refetch: () => setAttempt((count) => count + 1),
  };
}

/** A read's standing as a section's list shows it (`SectionList`), with the items of its last answer. */
export function sectionListOf<I>(read: GuestRead<unknown>, items: readonly I[] | undefined) {
  return {
    items,
    fetching: read.isFetching,
    failed: read.isError,
    errorText: read.errorText,
    onRetry: read.refetch,
  };
}
