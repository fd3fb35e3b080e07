export { apiErrorSchema, type ApiError } from './lib/api-error';
export { buildInfoSchema, LATEST_BUILD_PATH, type BuildInfo } from './lib/build-info';
export { healthResponseSchema, type HealthResponse } from './lib/health';
export { PUBLIC_CONFIG_ELEMENT_ID, publicConfigSchema, type PublicConfig } from './lib/public-config';
export { sandboxPublicConfig } from './lib/sandbox-public-config';
