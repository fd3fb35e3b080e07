import { authErrorCodes } from '@fed/contracts';
import {
  elmaIdSchema,
  elmaListBodySchema,
  PLATFORM_NAMESPACE,
  platformApps,
  platformScripts,
  type PlatformAppCode,
  type PlatformModuleKey,
  isServerOnlyScript,
  type BrowserScriptName,
  type PlatformScriptName,
  type PublicConfig,
} from '@fed/contracts';
import { z } from 'zod';
import { ApiException } from '../common/api-exception.filter';
import { parseOr400 } from '../common/field-errors';

/**
 * The `url` parameter of `/api/proxy`: parsed, matched against the allowlist of platform paths and its
 * input validated, or refused with a 400 `ApiError`. The allowlist:
 *
 * - module scripts `/api/extensions/{module-uuid}/script/{name}`: the configured module uuids
 *   (`PublicConfig['extensions']`) × the scripts of `platformScripts` (contracts), each in its own
 *   module and with its own method (GET scripts take `?data={json}`, POST scripts a JSON body);
 * - app reads `/pub/v1/app/{ns}/{code}/{id}/get` and `/pub/v1/app/{ns}/{code}/list[?data={list body}]`
 *   for the apps of {@link proxyAppReads} only; both are reads (GET at the proxy; the platform's `list`
 *   is a POST, which the proxy makes upstream).
 *
 * Encoding contract: `url=encodeURIComponent(path + '?data=' + encodeURIComponent(JSON.stringify(input)))`.
 * The path is plain ASCII with no percent-escapes at all; `data` is percent-encoded exactly once.
 */

export const PROXY_URL_MAX_LENGTH = 4096;

export type ProxyMethod = 'GET' | 'POST';
export type AppReadOperation = 'get' | 'list';

/** Apps the portal reads item by item or by list through the proxy, and how. Nothing else is readable. */
export const proxyAppReads = {
  [platformApps.competitions]: ['get', 'list'],
  [platformApps.programs]: ['get', 'list'],
  [platformApps.ageClasses]: ['get', 'list'],
  [platformApps.offer]: ['get', 'list'],
  /** Full profile read; the policy lets callers read their own records only. No list: it holds phones. */
  [platformApps.sportsman]: ['get'],
} as const satisfies Partial<Record<PlatformAppCode, readonly AppReadOperation[]>>;
export type ProxyAppCode = keyof typeof proxyAppReads;

/** `app:{code}:{operation}` of every app read the allowlist holds. */
export type AppReadKey = {
  [A in ProxyAppCode]: `app:${A}:${(typeof proxyAppReads)[A][number]}`;
}[ProxyAppCode];
export type ProxyTargetKey = `script:${BrowserScriptName}` | AppReadKey;

interface UpstreamCall {
  method: ProxyMethod;
  /** Path below the platform's base URL, with its canonical query. */
  path: string;
  /** JSON body of a POST. */
  body?: unknown;
}

export type ProxyTarget =
  | {
      kind: 'script';
      key: `script:${BrowserScriptName}`;
      name: BrowserScriptName;
      module: PlatformModuleKey;
      /** The validated input (schema output, defaults filled in). */
      input: unknown;
      upstream: UpstreamCall;
    }
  | {
      kind: 'app';
      key: AppReadKey;
      app: ProxyAppCode;
      operation: AppReadOperation;
      /** `{id}` of a get; the validated list body of a list. */
      input: unknown;
      upstream: UpstreamCall;
    };

/** Module uuids to module keys, built once from configuration. */
export class PlatformAllowlist {
  private readonly modulesById: ReadonlyMap<string, PlatformModuleKey>;

  constructor(readonly extensions: PublicConfig['extensions']) {
    const entries = Object.entries(extensions) as [PlatformModuleKey, string][];
    this.modulesById = new Map(entries.map(([key, id]) => [id, key]));
  }

  moduleOf(id: string): PlatformModuleKey | undefined {
    return this.modulesById.get(id);
  }

  /** Every target the allowlist holds, as `METHOD key` lines (for docs and tests). */
  keys(): { key: ProxyTargetKey; method: ProxyMethod }[] {
    const names = (Object.keys(platformScripts) as PlatformScriptName[]).filter(
      (name): name is BrowserScriptName => !isServerOnlyScript(name),
    );
    const scripts = names.map((name) => ({
      key: `script:${name}` as const,
      method: platformScripts[name].method,
    }));
    const apps = (Object.keys(proxyAppReads) as ProxyAppCode[]).flatMap((app) =>
      proxyAppReads[app].map((operation: AppReadOperation) => ({
        key: `app:${app}:${operation}` as AppReadKey,
        method: 'GET' as const,
      })),
    );
    return [...scripts, ...apps];
  }
}

function refuse(message: string, code = 'proxy_url_refused'): never {
  throw new ApiException(400, { code, message });
}

// eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
const CONTROL = /[\u0000-\u001f\u007f]/;
const MALFORMED_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
/** What `encodeURIComponent` (or form encoding, with `+`) leaves in a value: nothing else may appear raw. */
const CANONICAL_COMPONENT = /^(?:[A-Za-z0-9\-_.!~*'()+]|%[0-9A-Fa-f]{2})*$/;
const ESCAPE = /%[0-9A-Fa-f]{2}/;
const PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;
const MODULE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SCRIPT_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

function decodeComponent(raw: string, what: string): string {
  if (!CANONICAL_COMPONENT.test(raw)) refuse(`${what}: неверное кодирование`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return refuse(`${what}: неверное кодирование`);
  }
  if (ESCAPE.test(decoded)) refuse(`${what}: двойное кодирование`);
  if (CONTROL.test(decoded)) refuse(`${what}: недопустимые символы`);
  return decoded;
}

/**
 * The single `url` query parameter of a proxy request, from the raw request target (`request.originalUrl`),
 * so that no framework query parser (arrays, objects, duplicates) decides what it is.
 */
export function proxyUrlParameter(requestTarget: string): string {
  const questionMark = requestTarget.indexOf('?');
  const query = questionMark === -1 ? '' : requestTarget.slice(questionMark + 1);
  if (query.length > PROXY_URL_MAX_LENGTH * 3) refuse('url: слишком длинный');
  if (MALFORMED_ESCAPE.test(query)) refuse('url: неверное кодирование');
  const params = new URLSearchParams(query);
  const names = [...params.keys()];
  if (names.length === 0 || !names.includes('url')) refuse('Параметр url обязателен');
  if (names.some((name) => name !== 'url')) refuse('Допустим только параметр url');
  if (names.length > 1) refuse('Параметр url указан несколько раз');
  return params.get('url') ?? '';
}

interface SplitUrl {
  segments: string[];
  query: Map<string, string>;
}

/** Syntax checks shared by every target: what is refused here never reaches the allowlist. */
function split(url: string): SplitUrl {
  if (url === '') refuse('Параметр url обязателен');
  if (url.length > PROXY_URL_MAX_LENGTH) refuse(`url: длиннее ${PROXY_URL_MAX_LENGTH} символов`);
  if (CONTROL.test(url)) refuse('url: управляющие символы');
  if (url.includes('\\')) refuse('url: обратная косая черта');
  if (/[^\x21-\x7e]/.test(url)) refuse('url: недопустимые символы');
  if (!url.startsWith('/')) refuse('url: нужен путь платформы, а не адрес');
  if (url.startsWith('//')) refuse('url: адрес другого сервера');
  if (url.includes('#')) refuse('url: фрагмент не допускается');
  const questionMark = url.indexOf('?');
  const path = questionMark === -1 ? url : url.slice(0, questionMark);
  const rawQuery = questionMark === -1 ? null : url.slice(questionMark + 1);
  if (path.includes('%')) refuse('url: кодированные символы в пути');
  const segments = path.split('/').slice(1);
  if (segments.some((segment) => segment === '..' || segment === '.')) refuse('url: сегменты . и ..');
  if (!PATH.test(path)) refuse('url: недопустимый путь');

  const query = new Map<string, string>();
  if (rawQuery !== null) {
    if (rawQuery === '') refuse('url: пустой запрос');
    for (const part of rawQuery.split('&')) {
      const equals = part.indexOf('=');
      if (equals <= 0) refuse('url: неверный параметр запроса');
      const name = part.slice(0, equals);
      if (!/^[A-Za-z_]+$/.test(name)) refuse('url: неверный параметр запроса');
      if (query.has(name)) refuse(`url: параметр ${name} указан несколько раз`);
      query.set(name, part.slice(equals + 1));
    }
  }
  return { segments, query };
}

function onlyParameters(query: Map<string, string>, allowed: readonly string[]): void {
  for (const name of query.keys()) {
    if (!allowed.includes(name)) refuse(`url: параметр ${name} не допускается`);
  }
}

/** The JSON of `data`, or `undefined` when absent. */
function dataOf(query: Map<string, string>): unknown {
  const raw = query.get('data');
  if (raw === undefined) return undefined;
  const text = decodeComponent(raw, 'data');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiException(400, {
      code: authErrorCodes.validation,
      message: 'Параметр data должен быть JSON',
      fieldErrors: { data: ['Неверный JSON'] },
    });
  }
}

function wrongMethod(method: ProxyMethod, expected: ProxyMethod): never {
  return refuse(
    expected === 'GET'
      ? `Это чтение: только GET /api/proxy, не ${method}`
      : `Это запись: только POST /api/proxy, не ${method}`,
    'proxy_method_not_allowed',
  );
}

const appIdSchema = z.object({ id: elmaIdSchema.regex(/^[A-Za-z0-9_-]+$/) }).strict();

/**
 * Matches a proxy call against the allowlist: `method` of the proxy request, its `url` parameter and,
 * for POST, its JSON body. Returns the validated target with its upstream call, or throws a 400.
 */
export function matchPlatformUrl(
  allowlist: PlatformAllowlist,
  method: ProxyMethod,
  url: string,
  body: unknown,
): ProxyTarget {
  const { segments, query } = split(url);

  // /api/extensions/{module-uuid}/script/{name}
  if (segments[0] === 'api' && segments[1] === 'extensions') {
    const [, , moduleId = '', word, name = '', ...rest] = segments;
    if (word !== 'script' || rest.length > 0 || !MODULE_ID.test(moduleId) || !SCRIPT_NAME.test(name)) {
      refuse('url: неизвестный путь платформы', 'proxy_url_not_allowed');
    }
    const module = allowlist.moduleOf(moduleId);
    if (module === undefined) refuse('url: неизвестный модуль', 'proxy_url_not_allowed');
    // A server-only method (what was paid, bulk lists) is not there for a browser: the same answer as unknown.
    if (!Object.hasOwn(platformScripts, name) || isServerOnlyScript(name as PlatformScriptName))
      refuse('url: неизвестный метод модуля', 'proxy_url_not_allowed');
    const scriptName = name as BrowserScriptName;
    const script = platformScripts[scriptName];
    if (script.module !== module) refuse('url: метод не из этого модуля', 'proxy_url_not_allowed');
    if (script.method !== method) wrongMethod(method, script.method);
    const path = `/api/extensions/${moduleId}/script/${scriptName}`;
    // A read takes its input as `?data={json}`, a write as the JSON body; the platform gets it re-encoded.
    onlyParameters(query, method === 'GET' ? ['data'] : []);
    const input =
      method === 'GET'
        ? parseOr400(script.input, dataOf(query) ?? {}, ['data'])
        : parseOr400(script.input, body ?? {});
    const upstream: UpstreamCall =
      method === 'GET'
        ? { method, path: `${path}?data=${encodeURIComponent(JSON.stringify(input))}` }
        : { method, path, body: input };
    return { kind: 'script', key: `script:${scriptName}`, name: scriptName, module, input, upstream };
  }

  // /pub/v1/app/{ns}/{code}/{id}/get | /pub/v1/app/{ns}/{code}/list
  if (segments[0] === 'pub' && segments[1] === 'v1' && segments[2] === 'app') {
    const [, , , ns, code = '', ...rest] = segments;
    if (ns !== PLATFORM_NAMESPACE) refuse('url: неизвестное пространство', 'proxy_url_not_allowed');
    if (!Object.hasOwn(proxyAppReads, code)) refuse('url: приложение недоступно', 'proxy_url_not_allowed');
    const app = code as ProxyAppCode;
    const operations: readonly AppReadOperation[] = proxyAppReads[app];
    const base = `/pub/v1/app/${PLATFORM_NAMESPACE}/${app}`;
    const operation: AppReadOperation | null =
      rest.length === 1 && rest[0] === 'list'
        ? 'list'
        : rest.length === 2 && rest[1] === 'get'
          ? 'get'
          : null;
    if (operation === null || !operations.includes(operation)) {
      refuse('url: операция недоступна', 'proxy_url_not_allowed');
    }
    // Both are reads at the proxy; the platform lists by POST with the body the portal sent as `?data=`.
    if (method !== 'GET') wrongMethod(method, 'GET');
    onlyParameters(query, operation === 'list' ? ['data'] : []);
    const target = { kind: 'app', key: `app:${app}:${operation}` as AppReadKey, app, operation } as const;
    if (operation === 'list') {
      const input = parseOr400(elmaListBodySchema, dataOf(query) ?? {}, ['data']);
      return { ...target, input, upstream: { method: 'POST', path: `${base}/list`, body: input } };
    }
    const input = parseOr400(appIdSchema, { id: rest[0] }, ['id']);
    return { ...target, input, upstream: { method: 'GET', path: `${base}/${input.id}/get` } };
  }

  return refuse('url: неизвестный путь платформы', 'proxy_url_not_allowed');
}
