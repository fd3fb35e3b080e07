import { PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '@fed/contracts';
import { sandboxPublicConfig } from '@fed/sandbox-fixtures';

let loaded: PublicConfig | null = null;

/**
 * The public configuration the api wrote into index.html (validated there at start-up). Under the Vite
 * dev server there is none, and the sandbox values apply, as they do for the api in sandbox mode.
 */
export function publicConfig(): PublicConfig {
  if (loaded) return loaded;
  const text = globalThis.document?.getElementById(PUBLIC_CONFIG_ELEMENT_ID)?.textContent;
  try {
    loaded = text ? (JSON.parse(text) as PublicConfig) : sandboxPublicConfig;
  } catch {
    loaded = sandboxPublicConfig;
  }
  return loaded;
}

/** The server renderer's configuration, the api's own: there is no page to read it from. */
export function providePublicConfig(config: PublicConfig): void {
  loaded = config;
}

/** Tests only: forget what was read. */
export function resetPublicConfigForTests(): void {
  loaded = null;
}
