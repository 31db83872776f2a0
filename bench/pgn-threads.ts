/**
 * `npm run bench -- pgn-threads [N]`: where the CPU goes, thread by thread, when the masters file
 * (../shared/data/games/masters-pgnmentor-105k.pgn.gz) is replayed from the compressed file
 * single-threaded and with a pool of N worker threads (default 2). Reads each thread's CPU time
 * from /proc/self/task (Linux). Three passes each; the first warms up the JIT and is not shown.
 * A diagnostic for the worker-thread speed-up, not a comparison: `bench:pgn` compares with the
 * peers. On 2 cores the pool's wall time cannot fall below half of all threads' CPU time, and
 * that includes gunzip, which the single-threaded run does on the second core for free. So the
 * same two ways then run on the text decompressed beforehand, fed in 1 MiB chunks: the speed-up
 * the pool gives when gunzip is not in the race.
 */
import { createReadStream, readdirSync, readFileSync } from 'node:fs';
import { createGunzip, gunzipSync, inflateRawSync } from 'node:zlib';
import { sharedPath } from '../src/node/data.js';
import { PgnReplayPool } from '../src/node/pgn-pool.js';
import { replayPgnBatches, type ReplayRecord } from '../src/notation/pgn-replay.js';

const FILE = sharedPath('games', 'masters-pgnmentor-105k.pgn.gz');
const workers = Number(process.argv[2] ?? 2);
const open = () => createReadStream(FILE, { highWaterMark: 1 << 20 }).pipe(createGunzip({ chunkSize: 1 << 20 }));

/** CPU milliseconds (user + system) of each thread of this process, by thread id. */
function threadCpu(): Map<string, number> {
  const out = new Map<string, number>();
  for (const id of readdirSync('/proc/self/task')) {
    try {
      const stat = readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
      // Fields after the command name: utime and stime are the 12th and 13th, in clock ticks (1/100 s).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(id, (Number(fields[11]) + Number(fields[12])) * 10);
    } catch {
      // The thread ended between listing and reading.
    }
  }
  return out;
}

/** Runs `work` and, with `show`, prints its wall time and the CPU time of each thread. */
async function measure(name: string, work: () => Promise<string>, show: boolean): Promise<void> {
  const before = threadCpu();
  const t0 = performance.now();
  const what = await work();
  const wall = performance.now() - t0;
  const used = [...threadCpu()].map(([id, ms]) => [id, ms - (before.get(id) ?? 0)] as const).filter(([, ms]) => ms > 0);
  const main = used.find(([id]) => id === String(process.pid))?.[1] ?? 0;
  const others = used.filter(([id]) => id !== String(process.pid)).map(([, ms]) => ms).sort((a, b) => b - a);
  const total = main + others.reduce((a, b) => a + b, 0);
  if (!show) return;
  console.log(
    `${name.padEnd(18)} ${what}  wall ${wall.toFixed(0).padStart(5)} ms  CPU ${String(total).padStart(5)} ms: ` +
      `main thread ${main}, others (largest first) ${others.join(' ')}`,
  );
}

async function pass(name: string, batches: () => AsyncIterable<ReplayRecord[]>, show: boolean): Promise<void> {
  await measure(
    name,
    async () => {
      let plies = 0;
      for await (const batch of batches()) for (const r of batch) plies += r.plies;
      return `${plies} plies`;
    },
    show,
  );
}

console.log(`bench:pgn-threads  ${FILE}  (node ${process.version}; thread CPU in 10 ms ticks)`);
for (let k = 0; k < 3; k++) await pass('1 thread', () => replayPgnBatches(open(), { fen: false }), k > 0);
const pool = new PgnReplayPool(workers);
for (let k = 0; k < 3; k++) await pass(`${workers} worker threads`, () => pool.replayBatches(open(), { fen: false }), k > 0);

const text = gunzipSync(readFileSync(FILE));
const chunks: Uint8Array[] = [];
for (let i = 0; i < text.length; i += 1 << 20) chunks.push(new Uint8Array(text.subarray(i, i + (1 << 20))));
async function* inMemory(): AsyncGenerator<Uint8Array> {
  yield* chunks;
}
console.log('the text decompressed beforehand, in 1 MiB chunks (no gunzip):');
for (let k = 0; k < 3; k++) await pass('1 thread', () => replayPgnBatches(inMemory(), { fen: false }), k > 0);
for (let k = 0; k < 3; k++) await pass(`${workers} worker threads`, () => pool.replayBatches(inMemory(), { fen: false }), k > 0);
await pool.close();

// What gunzip costs on its own: streamed as the replays read it, and in one call, with and
// without the gzip wrapper (its CRC-32). The member's header is 10 bytes when its flags are 0
// (RFC 1952, 2.3), and the trailer is the CRC-32 and the size, 8 bytes.
const gz = readFileSync(FILE);
console.log('gunzip alone:');
for (let k = 0; k < 3; k++) {
  await measure(
    'createGunzip',
    async () => {
      let bytes = 0;
      for await (const chunk of open()) bytes += (chunk as Buffer).length;
      return `${bytes} bytes`;
    },
    k > 0,
  );
}
for (let k = 0; k < 3; k++) await measure('gunzipSync', async () => `${gunzipSync(gz).length} bytes`, k > 0);
if (gz[3] === 0) {
  for (let k = 0; k < 3; k++) await measure('inflateRawSync', async () => `${inflateRawSync(gz.subarray(10, gz.length - 8)).length} bytes`, k > 0);
}
