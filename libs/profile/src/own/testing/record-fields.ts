import { apiError, platformScript } from '@fed/auth-session/testing';
import type { SportsmanRecord } from '@fed/contracts';

/**
 * The record read by application, id and fields list (`getRecordFields`, spec §7) behind the api's proxy,
 * answered from `records` as the platform answers it: `fieldsData` with the fields asked alone (one without a
 * value left out); an unknown id, or another app than `sportsman`, the proxy's 404 / 403. `handler.calls` holds
 * every read as the portal sent it, the fields asked included.
 */
export function recordFieldsOf(records: Readonly<Record<string, SportsmanRecord>>) {
  return platformScript('getRecordFields', ({ application, id, fields }) => {
    if (application !== 'sportsman') return apiError(403, 'Нет доступа к этим данным', 'forbidden');
    const record: Readonly<Record<string, unknown>> | undefined = records[id];
    if (record === undefined) return apiError(404, `item ${id} not found`);
    const fieldsData = Object.fromEntries(
      fields.flatMap((field) => {
        const value = record[field];
        return value === undefined || value === null ? [] : [[field, value]];
      }),
    );
    return { success: true, fieldsData };
  });
}
