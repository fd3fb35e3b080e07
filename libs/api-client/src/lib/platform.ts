import {
  PLATFORM_NAMESPACE,
  type ElmaListBody,
  platformScriptModules,
  type PlatformAppCode,
  type PlatformScriptInput,
  type PlatformScriptName,
  type PlatformScriptOutput,
  type PlatformScripts,
} from '@fed/contracts';
import { publicConfig } from './public-config';

type ScriptsWith<Method extends 'GET' | 'POST'> = {
  [Name in PlatformScriptName]: PlatformScripts[Name]['method'] extends Method ? Name : never;
}[PlatformScriptName];

/** Platform reads (`GET` at the proxy) and writes (`POST`). */
export type PlatformReadScript = ScriptsWith<'GET'>;
export type PlatformWriteScript = ScriptsWith<'POST'>;
/** What the portal sends to a script (defaults may be left out) and what it answers: the contracts' types. */
export type { PlatformScriptInput as ScriptInput, PlatformScriptOutput as ScriptOutput };

/** A request for the portal's base query: relative URL, method, JSON body. */
export interface PlatformRequest {
  url: string;
  method: 'GET' | 'POST';
  body?: unknown;
}

function scriptPath(name: PlatformScriptName): string {
  const moduleId = publicConfig().extensions[platformScriptModules[name]];
  return `/api/extensions/${moduleId}/script/${name}`;
}

/** The proxy's encoding contract (docs/gateway.md): the path plain, `data` percent-encoded exactly once. */
function proxyUrl(platformPath: string): string {
  return `api/proxy?url=${encodeURIComponent(platformPath)}`;
}

/** A read through `GET /api/proxy`: the script's input travels as `?data={json}`. */
export function platformGet<Name extends PlatformReadScript>(
  name: Name,
  input: PlatformScriptInput<Name>,
): PlatformRequest {
  const data = encodeURIComponent(JSON.stringify(input));
  return { url: proxyUrl(`${scriptPath(name)}?data=${data}`), method: 'GET' };
}

/** A write through `POST /api/proxy`: the script's input is the JSON body. */
export function platformPost<Name extends PlatformWriteScript>(
  name: Name,
  input: PlatformScriptInput<Name>,
): PlatformRequest {
  return { url: proxyUrl(scriptPath(name)), method: 'POST', body: input };
}

/** One record of a platform app (`/pub/v1/app/{ns}/{code}/{id}/get`), for the apps the proxy lets through. */
export function platformRecordGet(app: PlatformAppCode, id: string): PlatformRequest {
  return { url: proxyUrl(`/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/${id}/get`), method: 'GET' };
}

/** A page of a platform app's records (`/pub/v1/app/{ns}/{code}/list`, a read at the proxy). */
export function platformRecordList(app: PlatformAppCode, body: ElmaListBody = {}): PlatformRequest {
  const data = encodeURIComponent(JSON.stringify(body));
  return {
    url: proxyUrl(`/pub/v1/app/${PLATFORM_NAMESPACE}/${app}/list?data=${data}`),
    method: 'GET',
  };
}
