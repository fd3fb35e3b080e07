import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const workspaceRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Nest's dependency injection reads constructor parameter types from emitted decorator metadata. */
export const nestTransform = {
  decorator: { legacy: true, emitDecoratorMetadata: true },
} as const;
