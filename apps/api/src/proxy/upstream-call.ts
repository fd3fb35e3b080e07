import {
  callUpstream as call,
  UpstreamHttp,
  type UpstreamAnswer,
  type UpstreamName,
} from '../platform/upstream-http';

/**
 * The former axios-based call, kept only for the images module until it reads platform files through
 * `PlatformClient.readFile`: the same transport and error mapping as every other upstream call
 * (`platform/upstream-http.ts`). New code imports from there.
 */

export {
  jsonOf,
  upstreamFailure,
  upstreamMessage,
  upstreamStatusError,
  upstreamTimeout,
  withHeaders,
  type UpstreamAnswer,
  type UpstreamName,
} from '../platform/upstream-http';

/** The keep-alive connections of one module. */
export class UpstreamAgents extends UpstreamHttp {}

export interface UpstreamRequest {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  /** Serialized as JSON. */
  body?: unknown;
  timeoutMs: number;
  maxBytes: number;
}

/** One upstream call; the first argument (the former axios service) is not used. */
export function callUpstream(
  _http: unknown,
  agents: UpstreamAgents,
  name: UpstreamName,
  request: UpstreamRequest,
): Promise<UpstreamAnswer> {
  return call(agents, name, {
    ...request,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
  });
}
