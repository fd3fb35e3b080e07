import { z } from 'zod';
import { elmaIdSchema } from './elma-formats';

export {
  createSportsmanProcess,
  PLATFORM_NAMESPACE,
  platformApps,
  platformProcesses,
  type PlatformAppCode,
  type PlatformProcessCode,
} from './platform-apps';

/** Largest page `list` serves; a bigger `size` is refused with 400. */
export const ELMA_LIST_MAX_SIZE = 100;

const rangeSchema = z
  .object({
    min: z.union([z.number(), z.string()]).optional(),
    max: z.union([z.number(), z.string()]).optional(),
  })
  .strict();

/**
 * One `tf` (field) filter value:
 * - a string, number or boolean: exact match (a link field matches when it holds that id; a category field
 *   when it holds that code);
 * - an array: any of the values;
 * - `{min, max}`: an inclusive range for number and date fields (either end optional);
 * - `{$contains: "text"}`: case-insensitive substring of a string field (`__name`, `gorod`, …), or of the
 *   full name / phone / e-mail parts of those fields.
 */
export const elmaTfValueSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.null(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
  rangeSchema,
  z.object({ $contains: z.string().min(1).max(200) }).strict(),
]);
export type ElmaTfValue = z.infer<typeof elmaTfValueSchema>;

export const elmaListFilterSchema = z.union([
  z.object({ tf: z.record(z.string(), elmaTfValueSchema) }).strict(),
  z.object({ eql: z.string().min(1).max(2000) }).strict(),
  z.object({ ids: z.array(elmaIdSchema).max(1000) }).strict(),
]);
export type ElmaListFilter = z.infer<typeof elmaListFilterSchema>;

export const elmaSortExpressionSchema = z.object({ field: z.string().min(1), ascending: z.boolean() });

/** Body of `POST /pub/v1/app/{ns}/{code}/list`. `active` (default true) leaves deleted items out. */
export const elmaListBodySchema = z
  .object({
    active: z.boolean().optional(),
    filter: elmaListFilterSchema.optional(),
    from: z.number().int().min(0).optional(),
    size: z.number().int().min(1).max(ELMA_LIST_MAX_SIZE).optional(),
    sortExpressions: z.array(elmaSortExpressionSchema).max(5).optional(),
    fields: z.record(z.string(), z.boolean()).optional(),
  })
  .strict();
export type ElmaListBody = z.infer<typeof elmaListBodySchema>;

export const elmaContextBodySchema = z.object({ context: z.record(z.string(), z.unknown()) }).strict();
export type ElmaContextBody = z.infer<typeof elmaContextBodySchema>;

/** A raw app item: system fields plus the app's own fields. */
export const elmaItemSchema = z.looseObject({ __id: elmaIdSchema, __name: z.string() });
export type ElmaItem = z.infer<typeof elmaItemSchema>;

export const elmaItemAnswerSchema = z.object({
  success: z.literal(true),
  error: z.string(),
  item: elmaItemSchema,
});
/** `{id}/get` answer; `Item` types the app's own fields where the reader knows the app. */
export type ElmaItemAnswer<Item = ElmaItem> = Omit<z.infer<typeof elmaItemAnswerSchema>, 'item'> & {
  item: Item;
};

export const elmaListAnswerSchema = z.object({
  success: z.literal(true),
  error: z.string(),
  result: z.object({ result: z.array(elmaItemSchema), total: z.number().int().min(0) }),
});
/** `list` answer; `Item` types the app's own fields where the reader knows the app. */
export type ElmaListAnswer<Item = ElmaItem> = Omit<z.infer<typeof elmaListAnswerSchema>, 'result'> & {
  result: { result: Item[]; total: number };
};

/** `POST /pub/v1/bpm/template/{ns}/{code}/run` answer: the process context after the start. */
export const elmaRunProcessAnswerSchema = z.object({
  success: z.literal(true),
  error: z.string(),
  context: z.record(z.string(), z.unknown()),
});
export type ElmaRunProcessAnswer = z.infer<typeof elmaRunProcessAnswerSchema>;

/** `POST /pub/v1/disk/file/{id}/get-link` answer: a temporary download link. */
export const elmaFileLinkAnswerSchema = z.object({
  success: z.literal(true),
  error: z.string(),
  Link: z.url(),
});
export type ElmaFileLinkAnswer = z.infer<typeof elmaFileLinkAnswerSchema>;

export const elmaDiskFileSchema = z.object({
  __id: elmaIdSchema,
  __name: z.string(),
  size: z.number().int().min(0),
  mimeType: z.string(),
  __createdAt: z.string(),
});
export type ElmaDiskFile = z.infer<typeof elmaDiskFileSchema>;

/** Multipart upload answer. */
export const elmaUploadAnswerSchema = z.object({
  success: z.literal(true),
  error: z.string(),
  file: elmaDiskFileSchema,
});
export type ElmaUploadAnswer = z.infer<typeof elmaUploadAnswerSchema>;
