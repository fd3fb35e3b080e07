import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { authOpenApiPaths } from '../auth/auth-openapi';
import { filesOpenApiPaths } from '../files/files-openapi';
import { ordersOpenApiPaths } from '../orders/orders-openapi';

/** Path of the OpenAPI page; the JSON document is at `/api/docs-json`. */
export const API_DOCS_PATH = 'api/docs';

/**
 * The api's OpenAPI document: what Nest finds in the controllers, with the endpoints whose bodies are
 * zod contracts described from those schemas (Nest's decorators cannot see zod types).
 */
export function buildApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Federation portal api')
    .setDescription(
      'Errors are one JSON shape (`ApiError`: statusCode, code, message, fieldErrors). Signed-in calls carry ' +
        '`Authorization: Bearer <access token>` and may carry a `userId` header naming the active user.',
    )
    .setVersion(process.env['APP_VERSION'] ?? 'development')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, 'bearer')
    .build();
  const document = SwaggerModule.createDocument(app, config);
  document.paths = {
    ...document.paths,
    ...authOpenApiPaths(),
    ...filesOpenApiPaths(),
    ...ordersOpenApiPaths(),
  };
  return document;
}

export function setupApiDocs(app: INestApplication): void {
  SwaggerModule.setup(API_DOCS_PATH, app, () => buildApiDocument(app), {
    jsonDocumentUrl: `${API_DOCS_PATH}-json`,
  });
}
