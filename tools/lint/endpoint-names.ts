import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/** An endpoint a file injects into the portal's one RTK Query API, and where. */
export interface InjectedEndpoint {
  name: string;
  file: string;
  line: number;
}

/** The object an `endpoints: (build) => ({ … })` builder answers, whether written as an expression or a block. */
function builtObject(builder: ts.Expression): ts.ObjectLiteralExpression | null {
  if (!ts.isArrowFunction(builder) && !ts.isFunctionExpression(builder)) return null;
  let body: ts.Node = builder.body;
  if (ts.isBlock(body)) {
    const returned = body.statements.find(ts.isReturnStatement)?.expression;
    if (!returned) return null;
    body = returned;
  }
  while (ts.isParenthesizedExpression(body) || ts.isAsExpression(body)) body = body.expression;
  return ts.isObjectLiteralExpression(body) ? body : null;
}

/** Every endpoint name `injectEndpoints({ endpoints: (build) => ({ name: … }) })` calls in `source` define. */
export function injectedEndpoints(file: string, source: string): InjectedEndpoint[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: InjectedEndpoint[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'injectEndpoints'
    ) {
      const [options] = node.arguments;
      const endpoints =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find(
              (property): property is ts.PropertyAssignment =>
                ts.isPropertyAssignment(property) && property.name.getText(sourceFile) === 'endpoints',
            )
          : undefined;
      const built = endpoints ? builtObject(endpoints.initializer) : null;
      for (const property of built?.properties ?? []) {
        if (!property.name) continue;
        const name = ts.isStringLiteral(property.name)
          ? property.name.text
          : property.name.getText(sourceFile);
        const { line } = sourceFile.getLineAndCharacterOfPosition(property.getStart(sourceFile));
        found.push({ name, file, line: line + 1 });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Source files of the portal: its app and every library but the server's twins; no specs, stories or tests' kits. */
export function portalSources(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      if (entry === 'node_modules' || entry === 'dist' || entry.startsWith('.')) continue;
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry) && !/\.(spec|stories|test)\.tsx?$/.test(entry)) files.push(path);
    }
  };
  walk(join(root, 'apps/portal/src'));
  for (const library of readdirSync(join(root, 'libs'))) {
    const src = join(root, 'libs', library, 'src');
    if (library !== 'sandbox' && existsSync(src)) walk(src);
  }
  return files.map((file) => relative(root, file)).sort();
}

/** Names defined more than once across `endpoints`, each with every place that defines it. */
export function duplicateNames(endpoints: readonly InjectedEndpoint[]): Map<string, string[]> {
  const places = new Map<string, string[]>();
  for (const endpoint of endpoints) {
    places.set(endpoint.name, [...(places.get(endpoint.name) ?? []), `${endpoint.file}:${endpoint.line}`]);
  }
  return new Map([...places].filter(([, where]) => where.length > 1));
}

/** Every endpoint the portal's sources inject, read from the files under `root`. */
export function portalEndpoints(root: string): InjectedEndpoint[] {
  return portalSources(root).flatMap((file) =>
    injectedEndpoints(file, readFileSync(join(root, file), 'utf8')),
  );
}
