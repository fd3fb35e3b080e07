import { ErrorState } from '../components/load-states/load-states';
import { Island } from './island';
import { RELOAD_RETRY_ISLAND } from './reload-retry-island';

export interface ReloadRetryProps {
  /** What did not load: «Не удалось загрузить мероприятие». */
  title: string;
}

/**
 * A page's read that failed, on a guest's page taken over by islands: «Повторить» loads the page again, which the
 * server reads afresh (a page it failed to read is not kept) — what the app's refetch is to its own page.
 */
export function ReloadRetry({ title }: ReloadRetryProps) {
  return <ErrorState title={title} onRetry={() => window.location.reload()} />;
}

/**
 * A page's read that failed: the app's `ErrorState` retrying the read, and on a guest's islands page an island
 * (`ReloadRetry`) whose «Повторить» loads the page again, since no app is there to read it.
 */
export function FailedRead({ title, onRetry }: ReloadRetryProps & { onRetry: () => void }) {
  return (
    <Island<ReloadRetryProps> name={RELOAD_RETRY_ISLAND} props={{ title }}>
      <ErrorState title={title} onRetry={onRetry} />
    </Island>
  );
}
