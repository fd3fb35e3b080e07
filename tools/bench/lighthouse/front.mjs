/**
 * The front the Lighthouse bench measures through, and its reference: a loopback server before the api that passes
 * every request through as it is (headers, encoding, status), and answers `/reference/…` with the api's page at
 * `…` without its JavaScript — the scripts that would run (`<script>` but JSON data) and the module preloads
 * stripped, compressed again as the api sent it. So the reference has the very HTML, stylesheets, fonts and images
 * of the page, from the same api in the same run, and what it lacks is exactly what the page's JavaScript costs:
 * the floor that page's figures are read against.
 *
 * Pages and references are both measured through the front, so that both take its hop alike, and they share one
 * origin: a signed-in flow can step from the app to a reference without a browsing-context switch (the api sends
 * `Cross-Origin-Opener-Policy: same-origin`, which would leave Lighthouse watching the old page).
 */
import { createServer, request as httpRequest } from 'node:http';
import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, deflate, gunzip, gzip, inflate } from 'node:zlib';

const codecs = {
  br: { decode: promisify(brotliDecompress), encode: promisify(brotliCompress) },
  gzip: { decode: promisify(gunzip), encode: promisify(gzip) },
  deflate: { decode: promisify(inflate), encode: promisify(deflate) },
};
const identity = { decode: async (body) => body, encode: async (body) => body };

/** The HTML without what would run: scripts other than JSON data, and the module preloads of scripts. */
export function stripScripts(html) {
  return html
    .replace(/<script\b([^>]*)>[\s\S]*?<\/script>/gi, (element, attributes) =>
      /\btype\s*=\s*["']?application\/(ld\+)?json/i.test(attributes) ? element : '',
    )
    .replace(/<link\b[^>]*\brel\s*=\s*["']?modulepreload\b[^>]*>/gi, '');
}

/** The reference of a page's path (its query kept): where the front serves it without JavaScript. */
export const REFERENCE_PREFIX = '/reference';
export const referencePath = (path) => `${REFERENCE_PREFIX}${path}`;

/**
 * Starts the front of the api at `apiBase` on a free loopback port; resolves with its base URL and `stop`. The
 * page at `${api}/x` is `${front}/x` as it is, and `${front}/reference/x` without its JavaScript.
 */
export function startFront(apiBase) {
  const upstream = new URL(apiBase);
  const server = createServer((incoming, outgoing) => {
    const reference = incoming.url === REFERENCE_PREFIX || incoming.url?.startsWith(`${REFERENCE_PREFIX}/`);
    const path = reference ? incoming.url.slice(REFERENCE_PREFIX.length) || '/' : incoming.url;
    // The Host the browser sent is kept: the api sees the origin the page is on, as behind a real proxy. A
    // reference is asked for as a guest (no cookies): a signed-in visitor's hint cookie would have the api send
    // the app's empty shell instead of the rendered page.
    const { cookie: _cookie, ...guest } = incoming.headers;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path,
        headers: reference ? guest : incoming.headers,
      },
      (answer) => {
        const html = /^text\/html\b/i.test(String(answer.headers['content-type'] ?? ''));
        if (!reference || !html) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks = [];
        answer.on('data', (chunk) => chunks.push(chunk));
        answer.on('end', async () => {
          try {
            const codec = codecs[String(answer.headers['content-encoding'] ?? '')] ?? identity;
            const text = (await codec.decode(Buffer.concat(chunks))).toString('utf8');
            const body = await codec.encode(Buffer.from(stripScripts(text), 'utf8'));
            const { etag: _etag, 'content-length': _length, 'set-cookie': _set, ...rest } = answer.headers;
            outgoing.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': body.length });
            outgoing.end(body);
          } catch (error) {
            outgoing.writeHead(502, { 'content-type': 'text/plain' });
            outgoing.end(`front: ${error}`);
          }
        });
      },
    );
    forward.on('error', (error) => {
      if (outgoing.headersSent) return outgoing.destroy();
      outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`front: ${error.message}`);
    });
    incoming.pipe(forward);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        base: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
