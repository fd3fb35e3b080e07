import { z } from 'zod';
import { ELMA_LIST_MAX_SIZE } from '../elma-app-api';
import { elmaIdInputSchema } from '../elma-formats';

/**
 * What the module API methods ("extension scripts") at `/api/extensions/{module-uuid}/script/{name}` are made
 * of. GET methods take their input as a JSON-encoded `data` query parameter; POST methods as the JSON body.
 * Every answer carries `success`; a refused call answers 400 `{success: false, error}`.
 */

/** One method: how it is called, what it takes and what it answers. */
export interface ScriptDefinition<Method extends 'GET' | 'POST' = 'GET' | 'POST'> {
  method: Method;
  input: z.ZodType;
  output: z.ZodType;
  /**
   * Called by the api alone, with its own token (payments flowing back to the platform, bulk lists): never in
   * the proxy's allowlist, so no browser can reach it.
   */
  serverOnly?: true;
}

/** A read: its input travels as `?data={json}` (the proxy lets guests and caches reach reads). */
export function read<Input extends z.ZodType, Output extends z.ZodType>(input: Input, output: Output) {
  return { method: 'GET', input, output } as const satisfies ScriptDefinition<'GET'>;
}

/** A write: its input is the JSON body. */
export function write<Input extends z.ZodType, Output extends z.ZodType>(input: Input, output: Output) {
  return { method: 'POST', input, output } as const satisfies ScriptDefinition<'POST'>;
}

/** A read only the api makes (see {@link ScriptDefinition.serverOnly}). */
export function serverRead<Input extends z.ZodType, Output extends z.ZodType>(input: Input, output: Output) {
  return { ...read(input, output), serverOnly: true } as const satisfies ScriptDefinition<'GET'>;
}

/** A write only the api makes: what a browser must never be able to say ("this was paid"). */
export function serverWrite<Input extends z.ZodType, Output extends z.ZodType>(input: Input, output: Output) {
  return { ...write(input, output), serverOnly: true } as const satisfies ScriptDefinition<'POST'>;
}

/** Paging of list methods: `from` (offset) and `size` (at most a platform page). */
export const pageSchema = {
  from: z.number().int().min(0).max(1_000_000).default(0),
  size: z.number().int().min(1).max(ELMA_LIST_MAX_SIZE).default(20),
};

/** Free text a list is searched or narrowed by (a name, a city). */
export const textFilterSchema = z.string().trim().max(200).optional();

/** The input of a method that reads one record by its id. */
export const byIdSchema = z.object({ id: elmaIdInputSchema }).strict();

/** Every answer that went well says so. */
export const okSchema = z.literal(true);

/** A page of items and the total count. */
export function listAnswer<T extends z.ZodType>(item: T) {
  return z.object({ success: okSchema, result: z.array(item), total: z.number().int().min(0) });
}

/** One value under `data`. */
export function dataAnswer<T extends z.ZodType>(data: T) {
  return z.object({ success: okSchema, data });
}
