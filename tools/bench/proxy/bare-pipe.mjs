/**
 * The reference of the proxy benchmark: the least a Node proxy can do. Every request is piped to the upstream
 * through one keep-alive agent and the answer piped back, nothing checked. Run as its own process:
 *
 *   node bare-pipe.mjs <listen port> <upstream port>
 */
import { Agent, createServer, request } from 'node:http';

const [listenPort, upstreamPort] = process.argv.slice(2).map(Number);
const agent = new Agent({ keepAlive: true, maxSockets: 128, maxFreeSockets: 128, scheduling: 'lifo' });

createServer((incoming, outgoing) => {
  const upstream = request(
    { host: '127.0.0.1', port: upstreamPort, path: incoming.url, method: 'GET', agent },
    (answer) => {
      const length = answer.headers['content-length'];
      outgoing.writeHead(answer.statusCode ?? 502, {
        'Content-Type': answer.headers['content-type'] ?? 'application/json',
        ...(length === undefined ? {} : { 'Content-Length': length }),
      });
      answer.pipe(outgoing);
    },
  );
  upstream.on('error', () => {
    outgoing.statusCode = 502;
    outgoing.end();
  });
  upstream.end();
}).listen(listenPort, '127.0.0.1', () => process.send?.('listening'));
