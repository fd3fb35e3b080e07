import { ErrorState, Island } from '@fed/ui-kit';
import { PROFILE_RETRY_ISLAND } from '../../islands';

export interface ProfileRetryProps {
  /** What did not load: 'Не удалось загрузить профиль'. */
  title: string;
}

/**
 * A profile page that could not be read, on a guest's page taken over by islands: «Повторить» loads the page
 * again, which the server reads afresh (a page it failed to read is not kept) — what the app's refetch is to its
 * own page.
 */
export function ProfileRetry({ title }: ProfileRetryProps) {
  return <ErrorState title={title} onRetry={() => window.location.reload()} />;
}

/**
 * A profile that could not be read: the app's `ErrorState` retrying its read, an island (`ProfileRetry`) on a
 * guest's page.
 */
export function ProfileFailure({ title, onRetry }: ProfileRetryProps & { onRetry: () => void }) {
  return (
    <Island<ProfileRetryProps> name={PROFILE_RETRY_ISLAND} props={{ title }}>
      <ErrorState title={title} onRetry={onRetry} />
    </Island>
  );
}
