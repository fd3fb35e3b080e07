/**
 * autocannon as a process of its own, for load-generator.mjs when Debian's wrk is not installed: its CPU is then
 * read from /proc apart from the bench's, so that a saturated generator shows as such. Prints one JSON line:
 * req/s, p50/p99 (ms) and the count of non-2xx answers, errors and timeouts.
 *
 *   node autocannon-run.mjs <url> <connections> <seconds>
 */
import autocannon from 'autocannon';

const [url, connections, seconds] = process.argv.slice(2);
const instance = autocannon(
  { url, connections: Number(connections), duration: Number(seconds), pipelining: 1, timeout: 5 },
  (error, result) => {
    if (error) {
      console.error(String(error));
      process.exit(1);
    }
    process.stdout.write(
      `${JSON.stringify({
        rps: result.requests.total / (result.duration || Number(seconds)),
        answered: result['2xx'] ?? 0,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bad: result.non2xx + result.errors + result.timeouts,
      })}\n`,
    );
  },
);
process.once('SIGTERM', () => instance.stop());
