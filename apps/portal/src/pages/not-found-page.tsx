import { ErrorView } from './error-page';

export function NotFoundPage() {
  return <ErrorView status={404} />;
}
