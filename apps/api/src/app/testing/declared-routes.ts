import { RequestMethod, type DynamicModule, type Type } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';

/** One route a module's controllers declare, with a concrete path to probe it at. */
export interface DeclaredRoute {
  /** GET, POST…; a route declared for every method (`@All`) is probed with GET and POST. */
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The declared pattern, e.g. `/sandbox/elma/pub/v1/app/:ns/:code/list`. */
  pattern: string;
  /** The pattern with every parameter filled in. */
  path: string;
}

const asList = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [String(value ?? '')];

function join(...parts: string[]): string {
  return `/${parts.join('/')}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
}

/** Fills `:name` and `*name` parameters (Express 5 syntax) with a harmless value. */
function probePath(pattern: string): string {
  return pattern
    .replace(/\{\/?\*\w+\}/g, '/probe/x')
    .replace(/\*\w+/g, 'probe/x')
    .replace(/:\w+/g, 'probe');
}

function controllersOf(module: DynamicModule | Type): Type[] {
  if (!('module' in module)) return [];
  const nested = (module.imports ?? []).flatMap((imported) =>
    typeof imported === 'object' && imported !== null && 'module' in imported
      ? controllersOf(imported as DynamicModule)
      : [],
  );
  return [...((module.controllers ?? []) as Type[]), ...nested];
}

/**
 * Every route the controllers of `module` (and of the dynamic modules it imports) declare, read from Nest's
 * decorator metadata: what the module would mount, without mounting it.
 */
export function declaredRoutes(module: DynamicModule): DeclaredRoute[] {
  const routes: DeclaredRoute[] = [];
  for (const controller of controllersOf(module)) {
    const prefixes = asList(Reflect.getMetadata(PATH_METADATA, controller));
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const methods: DeclaredRoute['method'][] =
        method === RequestMethod.ALL ? ['GET', 'POST'] : [RequestMethod[method] as DeclaredRoute['method']];
      for (const prefix of prefixes) {
        for (const path of asList(Reflect.getMetadata(PATH_METADATA, handler))) {
          const pattern = join(prefix, path);
          for (const verb of methods) routes.push({ method: verb, pattern, path: probePath(pattern) });
        }
      }
    }
  }
  return routes;
}
