/**
 * Debian's nginx as the benchmarks and the scale stand run it: in the foreground, under a temporary prefix that
 * holds its configuration, pid, logs and temporary files, so that it runs beside any system nginx and leaves
 * nothing behind. Plain Node (no build step).
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const nginxBinary = '/usr/sbin/nginx';

/**
 * Writes `{prefix}/nginx.conf` (one worker, `workerConnections` connections) around `http`, the caller's
 * upstreams and servers (lines of the `http` block); returns its path.
 */
export function writeNginxConfig(prefix, { workerConnections, http }) {
  const conf = join(prefix, 'nginx.conf');
  writeFileSync(
    conf,
    `worker_processes 1;
daemon off;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections ${workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
${http}
}
`,
  );
  return conf;
}

/** nginx on the configuration `writeNginxConfig` wrote, its start-up errors on this terminal as well. */
export function spawnNginx(prefix) {
  return spawn(
    nginxBinary,
    ['-p', prefix, '-c', join(prefix, 'nginx.conf'), '-e', join(prefix, 'error.log')],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
