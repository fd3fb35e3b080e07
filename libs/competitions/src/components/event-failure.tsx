import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { isMissingRecord } from '@fed/api-client';
import { FailedRead, MissingRecord } from '@fed/ui-kit';

export interface EventFailureProps {
  error: FetchBaseQueryError | SerializedError | undefined;
  onRetry: () => void;
}

/** An event that cannot be shown: gone (an old or mistyped link), with the way back, or not read, with a retry. */
export function EventFailure({ error, onRetry }: EventFailureProps) {
  return isMissingRecord(error) ? (
    <MissingRecord
      title="Мероприятие не найдено"
      text="Возможно, ссылка устарела или в ней опечатка."
      backTo="/competitions"
      backText="Ко всем мероприятиям"
    />
  ) : (
    <FailedRead title="Не удалось загрузить мероприятие" onRetry={onRetry} />
  );
}
