import { createServer } from 'node:net';

/*
 * Ports below Linux's ephemeral range (32768–60999). A port the kernel hands out for `listen(0)` comes from
 * that range, and so does the local port of every outgoing connection: in the gap between probing a port and
 * the app's own `listen`, a client socket of a suite running beside this one could take it (EADDRINUSE).
 * Ports picked at random from below the range are taken by nobody but another test's pick.
 */
const LOWEST = 20_000;
const SPAN = 12_000;
const TRIES = 50;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A TCP port nothing listens on now, for an app a test starts (and whose twins call it back). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const port = LOWEST + Math.floor(Math.random() * SPAN);
    if (await canListen(port)) return port;
  }
  throw new Error(`No free port found in ${TRIES} tries between ${LOWEST} and ${LOWEST + SPAN}`);
}
