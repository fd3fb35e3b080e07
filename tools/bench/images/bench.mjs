#!/usr/bin/env node
/**
 * Benchmark: does one address flooding the image resizer slow down everybody else's images?
 *
 * Starts the real api build with the platform twin, uploads a big noise PNG (the abuser's source) and a few
 * ordinary posters to the twin's disk, then measures another address's `/api/img` latency twice in the same
 * run: alone (the reference), and while one address keeps 30 concurrent misses in flight (distinct widths,
 * formats and qualities of the noise PNG, each a new variant). The other address asks for posters it has
 * not seen yet (misses: each needs a resize) and for ones it has (hits). Prints p50/p95 side by side, what
 * the abuser was answered, and how much the resize cache grew.
 *
 *   npx nx run api:build && node tools/bench/images/bench.mjs [--requests 20] [--abusers 30]
 *
 * Keep --requests at 28 or less: more misses than that from one address meet the per-IP resize limit
 * (a burst of 30), and the figures would mix 429s in.
 *
 * Figures are for reading, never a CI gate. Needs nothing but Node 20 and the repository's node_modules.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { numberOption, percentile, startApi } from '../shared.mjs';

const requests = numberOption('requests', 20);
const abusers = numberOption('abusers', 30);

/** The other address: one per phase, so that its own misses stay within the per-IP burst of 30. */
const VICTIMS = ['198.51.100.20', '198.51.100.21'];
const ABUSER = '203.0.113.66';
const SIZES = [32, 48, 64, 80, 96, 128, 160, 240, 320, 480, 640, 800, 960, 1280, 1440, 1600, 1920];

function noise(width, height) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < pixels.length; index += 1) pixels[index] = Math.floor(Math.random() * 256);
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}

function bytesUnder(dir) {
  let bytes = 0;
  let files = 0;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile()) continue;
      files += 1;
      bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
  } catch {
    // no cache directory yet
  }
  return { bytes, files };
}

async function upload(base, token, name, body) {
  const form = new FormData();
  form.append('file', new Blob([body], { type: 'image/png' }), name);
  const answer = await fetch(`${base}/sandbox/elma/pub/v1/disk/directory/root/upload`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  const json = await answer.json();
  if (!answer.ok || !json.success) throw new Error(`upload failed: ${answer.status} ${JSON.stringify(json)}`);
  return json.file.__id;
}

/** One image request from `address`; resolves with its status and milliseconds. */
async function image(base, path, address) {
  const started = process.hrtime.bigint();
  const answer = await fetch(`${base}${path}`, { headers: { 'X-Forwarded-For': address } });
  await answer.arrayBuffer();
  return { status: answer.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

function summary(timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted[sorted.length - 1] };
}

async function main() {
  const { base, dataDir, startMs, stop } = await startApi({
    env: { PORTAL_DIST_DIR: join(tmpdir(), 'bench-no-portal'), TRUST_PROXY: '1' },
  });
  // Where the api keeps resized images: beside its auth data, or (older builds) beside the sandbox data.
  const cacheDir = [join(dataDir, 'auth', 'cache', 'img'), join(dataDir, 'cache', 'img')].find((dir) =>
    existsSync(dir),
  );
  try {
    const token = readFileSync(join(dataDir, 'sandbox', 'platform-token'), 'utf8').trim();
    const big = await noise(1400, 1400).png().toBuffer();
    const bigId = await upload(base, token, 'noise.png', big);
    const posters = [];
    for (let index = 0; index < 4; index += 1) {
      posters.push(
        await upload(base, token, `poster-${index}.png`, await noise(1200, 800).jpeg().toBuffer()),
      );
    }
    // The other address's requests: each a new variant of a poster (a miss), then the same again (hits).
    const victimPaths = Array.from({ length: requests * 2 }, (_, index) => {
      const size = SIZES[index % SIZES.length];
      const poster = posters[Math.floor(index / SIZES.length) % posters.length];
      return `/api/img/w_${size},f_webp/file/${poster}`;
    });
    const measure = async (paths, victim) => {
      const misses = [];
      const hits = [];
      const statuses = new Map();
      for (const path of paths) {
        const { status, ms } = await image(base, path, victim);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        misses.push(ms);
      }
      for (const path of paths) {
        const { status, ms } = await image(base, path, victim);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        hits.push(ms);
      }
      return { misses: summary(misses), hits: summary(hits), statuses };
    };

    // Warm-up: the first resize loads sharp's codecs.
    await image(base, `/api/img/w_32,f_webp/file/${posters[0]}`, VICTIMS[1]);
    process.stderr.write('measuring the other address alone…\n');
    const alone = await measure(victimPaths.slice(0, requests), VICTIMS[0]);

    // The abuse: `abusers` requests always in flight from one address, each a variant not asked before.
    const variants = [];
    for (const quality of [null, 50, 65, 80, 95]) {
      for (const size of [...SIZES].reverse()) {
        for (const format of ['png', 'avif', 'webp', 'jpeg']) {
          variants.push(`/api/img/w_${size},${quality ? `q_${quality},` : ''}f_${format}/file/${bigId}`);
        }
      }
    }
    let stopAbuse = false;
    let nextVariant = 0;
    const abuseAnswers = new Map();
    const cacheBefore = bytesUnder(cacheDir);
    const abuseStarted = Date.now();
    const abuser = async () => {
      let path = variants[nextVariant++ % variants.length];
      while (!stopAbuse) {
        const { status } = await image(base, path, ABUSER).catch(() => ({ status: 'error' }));
        abuseAnswers.set(status, (abuseAnswers.get(status) ?? 0) + 1);
        // A refused abuser asks again for the same new variant at once: the worst case for everybody else.
        if (status === 200) path = variants[nextVariant++ % variants.length];
        else await new Promise((done) => setTimeout(done, 5));
      }
    };
    const abuse = Array.from({ length: abusers }, abuser);
    await new Promise((done) => setTimeout(done, 1000));
    process.stderr.write(`measuring it again with ${abusers} abusive requests in flight…\n`);
    const underAbuse = await measure(victimPaths.slice(requests), VICTIMS[1]);
    stopAbuse = true;
    await Promise.all(abuse);
    const abuseSeconds = (Date.now() - abuseStarted) / 1000;
    const cacheAfter = bytesUnder(cacheDir);

    const fmt = (value) => `${value.toFixed(0)} ms`.padStart(9);
    console.log(
      `image resizer under abuse — api start ${(startMs / 1000).toFixed(1)} s; abuser source ${(big.length / 1048576).toFixed(1)} MiB noise PNG 1400×1400; ${requests} requests of each kind by the other address`,
    );
    console.log(`${''.padEnd(34)}${'alone'.padStart(27)}${`with ${abusers} abusive misses`.padStart(31)}`);
    for (const kind of ['misses', 'hits']) {
      const a = alone[kind];
      const b = underAbuse[kind];
      console.log(
        `other address, ${kind === 'misses' ? 'new variants (resize)' : 'cached (hits)        '}  p50 ${fmt(a.p50)} p95 ${fmt(a.p95)}     p50 ${fmt(b.p50)} p95 ${fmt(b.p95)} max ${fmt(b.max)}`,
      );
    }
    console.log(
      `other address statuses: alone ${JSON.stringify(Object.fromEntries(alone.statuses))}, under abuse ${JSON.stringify(Object.fromEntries(underAbuse.statuses))}`,
    );
    console.log(
      `abuser over ${abuseSeconds.toFixed(1)} s: ${JSON.stringify(Object.fromEntries(abuseAnswers))}; resize cache ${(cacheBefore.bytes / 1048576).toFixed(1)} → ${(cacheAfter.bytes / 1048576).toFixed(1)} MiB (${cacheBefore.files} → ${cacheAfter.files} files)`,
    );
  } finally {
    await stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
