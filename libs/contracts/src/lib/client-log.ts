import { z } from 'zod';

/** `POST /log`: a client-side failure report (spec §7, §8). */
export const CLIENT_LOG_ENDPOINT = '/log';
export const CLIENT_LOG_MSG_MAX_LENGTH = 2000;
/**
 * Largest accepted body of `POST /log`, in bytes; bigger is a 413. 2000 Cyrillic characters take 4000
 * bytes of UTF-8, so 4 KiB would refuse valid reports: 8 KiB holds the longest valid one.
 */
export const CLIENT_LOG_MAX_BODY_BYTES = 8192;

/** `DD.MM.YYYY, HH:mm:ss±hh:mm`, the client's local time with its offset (date-fns `dd.MM.yyyy, HH:mm:ssXXX`). */
const TIMESTAMP = /^(\d{2})\.(\d{2})\.(\d{4}), (\d{2}):(\d{2}):(\d{2})([+-])(\d{2}):(\d{2})$/;

function isRealTimestamp(value: string): boolean {
  const match = TIMESTAMP.exec(value);
  if (!match) return false;
  const [day, month, year, hours, minutes, seconds, , offsetHours, offsetMinutes] = match
    .slice(1)
    .map((part) => Number(part));
  if (year === undefined || month === undefined || day === undefined) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    (hours ?? 99) <= 23 &&
    (minutes ?? 99) <= 59 &&
    (seconds ?? 99) <= 59 &&
    (offsetHours ?? 99) <= 14 &&
    (offsetMinutes ?? 99) <= 59
  );
}

export const clientLogTimestampSchema = z
  .string()
  .max(32)
  .refine(isRealTimestamp, 'Ожидается время в формате ДД.ММ.ГГГГ, ЧЧ:мм:сс±чч:мм');

export const clientLogRecordSchema = z
  .object({
    timestamp: clientLogTimestampSchema,
    msg: z
      .string()
      .trim()
      .min(1, 'Поле обязательно')
      .max(CLIENT_LOG_MSG_MAX_LENGTH, `Максимум ${CLIENT_LOG_MSG_MAX_LENGTH} символов`),
  })
  .strict();
export type ClientLogRecord = z.infer<typeof clientLogRecordSchema>;
