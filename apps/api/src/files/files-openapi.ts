import {
  apiErrorSchema,
  documentMimeTypes,
  FILES_ENDPOINT,
  posterMimeTypes,
  UPLOAD_MAX_BYTES,
  uploadedFileSchema,
  uploadPurposes,
} from '@fed/contracts';
import { z } from 'zod';

const json = (schema: z.ZodType) => ({
  'application/json': { schema: z.toJSONSchema(schema, { io: 'output', target: 'openapi-3.0' }) },
});
const error = (description: string) => ({ description, content: json(apiErrorSchema) });

/** OpenAPI `paths` of `/api/files` (Nest cannot describe a multipart body or a streamed file by itself). */
export function filesOpenApiPaths(): Record<string, Record<string, unknown>> {
  return {
    [FILES_ENDPOINT]: {
      post: {
        tags: ['files'],
        summary: 'Upload a poster or a competition document to the platform disk',
        description:
          `The type is decided by the file's first bytes (JPEG, PNG, WebP, PDF), never by its name or declared ` +
          `type: posters ${posterMimeTypes.join(', ')}; documents ${documentMimeTypes.join(', ')}. At most ` +
          `${UPLOAD_MAX_BYTES} bytes. Per-login limit: a burst of 10, then 30 a minute. The answer's \`fileId\` ` +
          'goes into `createCompetition.poster` or `submitCompetitionDocument.fileId`.',
        security: [{ bearer: [] }],
        parameters: [
          {
            name: 'purpose',
            in: 'query',
            required: true,
            schema: { type: 'string', enum: [...uploadPurposes] },
          },
        ],
        requestBody: {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: { file: { type: 'string', format: 'binary' } },
              },
            },
          },
        },
        responses: {
          201: { description: 'Stored', content: json(uploadedFileSchema) },
          400: error(
            '`file_format` («Неверный формат файла»): not a type of this purpose; `file_missing`: no `file` part, ' +
              'an empty file, another field or two files; `upload_purpose`: `purpose` missing or unknown.',
          ),
          401: error('`unauthorized`: a guest (or `token_invalid`: a bad token).'),
          413: error('`file_too_large`: over the limit (Russian message names it).'),
          429: error('`too_many_requests`: the login uploads too often; `Retry-After` in seconds.'),
          502: error('`bad_gateway`: the platform did not take the file.'),
          504: error('`gateway_timeout`: the platform did not answer in time.'),
        },
      },
    },
    [`${FILES_ENDPOINT}/{id}`]: {
      get: {
        tags: ['files'],
        summary: 'A platform disk file',
        description:
          'Streams the file. An image or PDF whose bytes prove its type is served `inline` with that type; anything ' +
          'else as an `application/octet-stream` attachment. Always `X-Content-Type-Options: nosniff`.',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          200: {
            description: 'The file',
            content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
          },
          404: error('`not_found` («Файл не найден»).'),
          429: error('`too_many_requests`: per-IP download limit.'),
          502: error('`bad_gateway`: the platform failed.'),
        },
      },
    },
  };
}
