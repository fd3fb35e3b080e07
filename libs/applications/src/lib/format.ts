import { format, isValid, parseISO } from 'date-fns';
import { ru } from 'date-fns/locale';
import type { ElmaMoney } from '@fed/contracts';

function formatted(iso: string, pattern: string): string {
  const date = parseISO(iso);
  return isValid(date) ? format(date, pattern, { locale: ru }) : '';
}

/** '2026-03-05T11:30:00Z' → '5 марта 2026, 14:30' (local time). */
export function formatDateTimeRu(iso: string): string {
  return formatted(iso, 'd MMMM yyyy, HH:mm');
}

/** `{cents: 150000, currency: 'RUB'}` → '1 500 ₽'; kopecks only when there are some. */
export function formatMoney({ cents, currency }: ElmaMoney): string {
  return new Intl.NumberFormat('ru-RU', {
    style: 'currency',
    currency,
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}
