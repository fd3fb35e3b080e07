import type { PublicConfig } from '@fed/contracts';

/** The platform the proxy forwards to. */
export interface PlatformUpstreamOptions {
  /** `PLATFORM_URL`: base URL of the platform, or of its twin (`http://127.0.0.1:3000/sandbox/elma`). */
  url: string;
  /** `PLATFORM_TOKEN`: sent upstream as `Authorization: Bearer …`; never logged, never sent to browsers. */
  token: string;
  /** Module uuids of the extension scripts (public configuration). */
  extensions: PublicConfig['extensions'];
}

export interface ProxyModuleOptions {
  /** The upstream, or a factory when it is known only once the api listens (the sandbox twin's port). */
  platform: PlatformUpstreamOptions | (() => PlatformUpstreamOptions);
  /** Overall deadline of one upstream call; past it the proxy answers 504. Default 10 000 ms (the client's). */
  timeoutMs?: number;
  /** Largest upstream answer accepted; bigger is a 502. Default 10 MiB (the client's). */
  maxAnswerBytes?: number;
}

export const PROXY_OPTIONS = Symbol('PROXY_OPTIONS');
