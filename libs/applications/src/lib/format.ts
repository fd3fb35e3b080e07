import { format, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale';

function formatted(iso: string, pattern: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, pattern, { locale: ru }) : '';
}

/** '2026-03-05T11:30:00Z' → '5 марта 2026, 14:30' (local time). */
export function formatDateTimeRu(iso: string): string {
  return formatted(iso, 'd MMMM yyyy, HH:mm');
}
