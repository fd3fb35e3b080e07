/**
 * Reads a V8 .cpuprofile and returns where the busy time went: self time by layer (node, Express, Nest, the
 * api's own code…), by source when the bundle's source map is given (the api's modules, the platform twin,
 * packages), and the functions with the most self time, for the benchmarks' reports. Self time, not
 * inclusive: a middleware that calls `next()` would otherwise count everything after it.
 */
import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';

/**
 * Where a frame's code lives, for self time by layer: node's own http and streams, Express and its router, Nest,
 * helmet, the api's bundle (main.cjs: proxy, policy, filter, client, guard), V8's collector and native work.
 */
const LAYERS = [
  ['api bundle (main.cjs: proxy, policy, filter, client, guard)', (url) => /main\.cjs$/.test(url)],
  ['Nest (@nestjs/core, common)', (url) => /node_modules\/@nestjs\//.test(url)],
  [
    'Express, its router, body parsers, send',
    (url) =>
      /node_modules\/(express|router|body-parser|send|serve-static|finalhandler|raw-body|type-is|content-type|on-finished|parseurl|path-to-regexp|qs|media-typer|mime-types|negotiator|accepts|encodeurl|escape-html|fresh|etag|range-parser|depd|statuses|http-errors|iconv-lite)\//.test(
        url,
      ),
  ],
  ['helmet', (url) => /node_modules\/helmet\//.test(url)],
  ['other packages', (url) => /node_modules\//.test(url)],
  ["node's http, net, streams, timers", (url) => /^node:/.test(url)],
];

function layerOf(callFrame) {
  const { url, functionName } = callFrame;
  if (functionName === '(garbage collector)') return 'garbage collector';
  for (const [name, test] of LAYERS) if (test(url)) return name;
  return 'native (syscalls, V8 builtins, JSON, (program))';
}

/** The package a path under node_modules belongs to (`@scope/name` or `name`). */
function packageOf(path) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  return match ? match[1] : null;
}

/**
 * Where the code of a frame was written: the api's modules (`api proxy`, `api auth`…), the platform twin's
 * (`twin elma`…), another lib, a package, node, or native work. Frames of the bundle are read through its
 * source map.
 */
function sourceAreaOf(callFrame, map) {
  const { url, lineNumber, columnNumber } = callFrame;
  if (callFrame.functionName === '(garbage collector)') return 'garbage collector';
  let path = url;
  if (map !== null && /main\.cjs$/.test(url)) {
    path = map.findEntry(lineNumber, columnNumber)?.originalSource ?? url;
  }
  const api = /apps\/api\/src\/([^/]+)/.exec(path);
  if (api) return `api ${api[1]}`;
  const sandbox = /libs\/sandbox\/([^/]+)/.exec(path);
  if (sandbox) return `platform twin (libs/sandbox/${sandbox[1]})`;
  const lib = /libs\/([^/]+)/.exec(path);
  if (lib) return `libs/${lib[1]}`;
  const pkg = packageOf(path);
  if (pkg) return `package ${pkg}`;
  if (/^node:/.test(path)) return "node's own modules";
  return 'native (syscalls, V8 builtins, JSON, SQLite calls)';
}

export function topFrames(file, { limit = 25, sourceMap = null } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const map = sourceMap === null ? null : new SourceMap(JSON.parse(readFileSync(sourceMap, 'utf8')));
  if (profile.error) throw new Error(`profiler: ${profile.error}`);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const samples = new Map();
  for (const id of profile.samples) samples.set(id, (samples.get(id) ?? 0) + 1);
  const total = profile.samples.length;
  const label = (node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url ? `${url.replace(/^.*\/(node_modules\/)?/, '')}:${lineNumber + 1}` : '';
    return `${functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  };
  const self = new Map();
  const layers = new Map();
  const sources = new Map();
  let idle = 0;
  for (const [id, count] of samples) {
    const node = byId.get(id);
    if (node.callFrame.functionName === '(idle)') {
      idle += count;
      continue;
    }
    const name = label(node);
    self.set(name, (self.get(name) ?? 0) + count);
    const layer = layerOf(node.callFrame);
    layers.set(layer, (layers.get(layer) ?? 0) + count);
    if (map !== null) {
      const area = sourceAreaOf(node.callFrame, map);
      sources.set(area, (sources.get(area) ?? 0) + count);
    }
  }
  const busy = total - idle;
  const percent = (count) => `${((count / Math.max(1, busy)) * 100).toFixed(1)} %`;
  return {
    samples: total,
    idleShare: idle / Math.max(1, total),
    self: [...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([name, count]) => ({ name, share: percent(count) })),
    layers: [...layers].sort((a, b) => b[1] - a[1]).map(([name, count]) => ({ name, share: percent(count) })),
    sources: [...sources]
      .sort((a, b) => b[1] - a[1])
      .map(([name, count]) => ({ name, share: percent(count) })),
  };
}
