/**
 * `caissa perft <depth> --checkpoint FILE`: the counts are the published ones (the perft suite in
 * test/fixtures/perft), the output is what the command prints without the option, a run
 * killed part way resumes without counting a recorded job again, and a journal that is another
 * count's, cut short, damaged or in use is handled as the usage text says.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess as ChessJs } from 'chess.js';
import { perftCommand } from '../../src/cli/commands/perft.js';
import { runCommand, tempDir } from '../helpers.js';
import { fixturePath } from '../data.js';

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));
/** `caissa …` in a process of its own. */
const spawned = (...args: string[]): { code: number; out: string; err: string } => {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
};
/** `caissa perft …` in this process (a process each would take most of the time on a busy machine). */
const run = (...args: string[]): Promise<{ code: number; out: string; err: string }> => runCommand(perftCommand, args);

/** The published counts (`;Dn`) of the suite's line whose FEN starts with `prefix`, and its FEN. */
function published(file: string, prefix: string): { fen: string; counts: Map<number, number> } {
  const line = readFileSync(fixturePath('perft', file), 'utf8').split('\n').find((l) => l.startsWith(prefix))!;
  const [fen, ...ops] = line.split(';').map((s) => s.trim());
  return { fen: fen!, counts: new Map(ops.map((op) => /^D(\d+) (\d+)$/.exec(op)).filter((m) => m !== null).map((m) => [Number(m[1]), Number(m[2])])) };
}

const START = published('perftsuite.epd', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -');
const KIWIPETE = published('perftsuite.epd', 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq -');
const dir = tempDir('caissa-perft-checkpoint-');
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
let files = 0;
const fresh = (): string => join(dir, `j${++files}`);

/** The job lines of a journal (after the header), and its header's job count. */
function journal(file: string): { jobs: number; lines: string[] } {
  const [header, ...lines] = readFileSync(file, 'utf8').split('\n');
  assert.equal(lines.pop(), '', 'the journal ends with a newline');
  return { jobs: (JSON.parse(header!) as { jobs: number }).jobs, lines };
}

/** Every job once: as many lines as jobs, no index twice. */
function assertWhole(file: string): void {
  const { jobs, lines } = journal(file);
  const indices = lines.map((l) => Number(l.split(' ')[0]));
  assert.equal(new Set(indices).size, indices.length, 'a job was counted twice');
  assert.equal(indices.length, jobs);
}

/** Resolves once `ready()` holds; rejects naming `what` after 30 s (a machine under load included). */
async function until(ready: () => boolean, what: string): Promise<void> {
  for (const end = Date.now() + 30_000; !ready(); await new Promise((r) => setTimeout(r, 5))) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
  }
}

const nodes = (out: string): number => Number(/^Nodes searched: (\d+)$/m.exec(out)![1]);

test('the counts are the published ones, and the output is the same as without --checkpoint (plain, --divide, --json, threads 1 and 2)', async () => {
  const cases: [typeof START, number][] = [
    [START, 5],
    [KIWIPETE, 4],
    [KIWIPETE, 2], // one job per root move below depth 3
    [KIWIPETE, 1],
  ];
  for (const [{ fen, counts }, depth] of cases) {
    for (const threads of ['1', '2']) {
      const base = [String(depth), '--fen', fen, '--threads', threads];
      const file = fresh();
      const divide = await run(...base, '--divide', '--checkpoint', file);
      assert.equal(divide.code, 0, divide.err);
      assert.equal(nodes(divide.out), counts.get(depth), `${fen} ${depth}`);
      assert.equal(divide.out, (await run(...base, '--divide')).out, `${fen} ${depth} --divide`);
      assertWhole(file);
      // A finished journal gives the result again, without counting (the file is left as it is).
      const before = readFileSync(file, 'utf8');
      const plain = await run(...base, '--checkpoint', file);
      assert.equal(plain.out, `Nodes searched: ${counts.get(depth)}\n`);
      assert.equal(readFileSync(file, 'utf8'), before);
      const json = JSON.parse((await run(...base, '--json', '--checkpoint', file)).out) as Record<string, unknown>;
      assert.deepEqual(Object.keys(json), ['nodes', 'ms', 'nps']);
      assert.equal(json.nodes, counts.get(depth));
    }
  }
  // Depth 0 counts the position itself; a Chess960 position (Shredder-FEN castling) journals too.
  assert.equal((await run('0', '--checkpoint', fresh())).out, 'Nodes searched: 1\n');
  const c960 = published('fischer.epd', 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -');
  const file = fresh();
  const r = await run('3', '--fen', c960.fen, '--threads', '2', '--checkpoint', file, '--divide');
  assert.equal(nodes(r.out), c960.counts.get(3));
  assert.equal(r.out, (await run('3', '--fen', c960.fen, '--divide')).out);
});

test('a run killed part way resumes: the jobs it recorded are not counted again, and the count is the published one', async () => {
  const file = fresh();
  const args = [MAIN, 'perft', '6', '--threads', '2', '--checkpoint', file];
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  let closed = false;
  const ended = new Promise((resolve) => child.on('close', resolve)).then(() => (closed = true));
  const lines = (): number => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').length - 2 : 0);
  await until(() => closed || lines() >= 5, 'the first job lines');
  child.kill('SIGKILL');
  await ended;
  const killed = readFileSync(file, 'utf8');
  const whole = killed.slice(0, killed.lastIndexOf('\n') + 1);
  // (The kill may have cut the last line short: only the whole lines are counted.)
  assert.ok(whole.split('\n').length - 2 < 400, 'the run ended before it was killed: nothing was resumed');
  // Resumed on one thread: the work is split the same way whatever the threads.
  const r = spawned('perft', '6', '--threads', '1', '--checkpoint', file);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `Nodes searched: ${START.counts.get(6)}\n`);
  // The lines written before the kill are kept, and no job is in the journal twice.
  assert.ok(readFileSync(file, 'utf8').startsWith(whole));
  assertWhole(file);
});

test('a last line cut short by a kill is dropped and its job counted again, even where it reads as a line', async () => {
  const file = fresh();
  assert.equal((await run('4', '--fen', KIWIPETE.fen, '--checkpoint', file)).code, 0);
  const text = readFileSync(file, 'utf8');
  const lines = text.split('\n');
  const last = lines.at(-2)!; // the last job line
  // Its count cut to its first digit: a whole line but for the newline.
  writeFileSync(file, `${lines.slice(0, -2).join('\n')}\n${last.slice(0, last.lastIndexOf(' ') + 2)}`);
  const r = await run('4', '--fen', KIWIPETE.fen, '--checkpoint', file);
  assert.equal(r.code, 0, r.err);
  assert.equal(r.out, `Nodes searched: ${KIWIPETE.counts.get(4)}\n`);
  assert.equal(readFileSync(file, 'utf8'), text);
});

test("another count's journal is bad input (exit 2) naming the difference; a damaged line fails (exit 1) naming it; neither file is touched", async () => {
  const file = fresh();
  assert.equal((await run('3', '--checkpoint', file)).code, 0);
  const text = readFileSync(file, 'utf8');
  const depth = spawned('perft', '4', '--checkpoint', file);
  assert.equal(depth.code, 2);
  assert.match(depth.err, /^caissa perft: .*j\d+ is the checkpoint of another count \(depth 3 there, 4 here\): name another file, or remove it to start again\n$/);
  const fen = await run('3', '--fen', KIWIPETE.fen, '--checkpoint', file);
  assert.equal(fen.code, 2);
  assert.match(fen.err, /fen "rnbqkbnr\/pppppppp\/8\/8\/8\/8\/PPPPPPPP\/RNBQKBNR w KQkq - 0 1" there, "r3k2r\/.* - 0 1" here/);
  const bulk = await run('3', '--no-bulk', '--checkpoint', file);
  assert.equal(bulk.code, 2);
  assert.match(bulk.err, /\(bulk true there, false here\)/);
  assert.equal(readFileSync(file, 'utf8'), text);
  // The en-passant field is part of what is counted (FIDE 3.7.3.2: e5xd6 only right after d7-d5),
  // unlike the clocks: the same board without it is another count, named by its FEN.
  const ep = fresh();
  const board = 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq';
  assert.equal((await run('1', '--fen', `${board} d6 0 3`, '--checkpoint', ep)).code, 0);
  const noEp = await run('1', '--fen', `${board} - 0 3`, '--checkpoint', ep);
  assert.equal(noEp.code, 2);
  assert.match(noEp.err, /fen ".* w KQkq d6 0 3" there, ".* w KQkq - 0 3" here/);

  const other = fresh();
  writeFileSync(other, 'my notes\n');
  const notOurs = await run('3', '--checkpoint', other);
  assert.equal(notOurs.code, 2);
  assert.match(notOurs.err, /is not a caissa perft checkpoint \(line 1: 'my notes'\)/);
  assert.equal(readFileSync(other, 'utf8'), 'my notes\n');

  const lines = text.split('\n');
  const [index, move, reply] = lines[3]!.split(' ');
  for (const [bad, reason] of [
    ['garbage', /line 4 is not a job line \(index, moves, count\): 'garbage'/],
    [`${index} ${move} ${reply} 12x`, /line 4 is not a job line/],
    // A crash of the system can leave a block of NUL bytes where lines were being written.
    [`\0\0\0${lines[3]!}`, /line 4 is not a job line/],
    [`${index} ${move} ${reply} ${move} 5`, /line 4 is not a job line/],
    // 2^53 + 1, which a number cannot hold: read, it would be rounded to 2^53.
    [`${index} ${move} ${reply} 9007199254740993`, /line 4 has a count past 2\^53/],
    [`${index} ${reply} ${move} 5`, new RegExp(`line 4 gives job ${index} the moves ${reply} ${move}, which are ${move} ${reply}`)],
    [lines[2]!, /line 4 counts job \d+ a second time/],
    ['999 e2e4 e7e5 1', /line 4 names job 999, past the 400 jobs/],
    // Jobs are numbered from 0: perft 3 of the start has 20 × 20 = 400, so 400 is one past the last.
    ['400 e2e4 e7e5 1', /line 4 names job 400, past the 400 jobs/],
  ] as const) {
    const damaged = [...lines.slice(0, 3), bad, ...lines.slice(4)].join('\n');
    writeFileSync(file, damaged);
    const r = await run('3', '--checkpoint', file);
    assert.equal(r.code, 1, bad);
    assert.match(r.err, reason, bad);
    assert.match(r.err, /is damaged: .*\(remove that line, whose job is then counted again, or the file to start over\)\n$/);
    assert.equal(r.out, '');
    assert.equal(readFileSync(file, 'utf8'), damaged);
  }
  assert.match((await run('3', '--checkpoint', '')).err, /^--checkpoint: expected a file name$/);
  // --checkpoint is for the depth form only.
  const epd = await run('--epd', file, '--checkpoint', fresh());
  assert.equal(epd.code, 2);
  assert.match(epd.err, /--checkpoint is for perft <depth>, not with --epd/);
});

test('a second run on a journal in use is refused (exit 1) and the first counts on; a dead run’s lock is taken over', async () => {
  const file = fresh();
  const first = spawn(process.execPath, [MAIN, 'perft', '6', '--checkpoint', file]);
  let out = '';
  first.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const ended = new Promise<number | null>((resolve) => first.on('close', resolve));
  try {
    await until(() => existsSync(`${file}.lock`), 'the lock of the first run');
    // Held still while the second runs, so that it cannot end first on a busy machine.
    first.kill('SIGSTOP');
    const second = spawned('perft', '6', '--checkpoint', file);
    first.kill('SIGCONT');
    assert.equal(second.code, 1, second.err);
    assert.match(second.err, new RegExp(`^caissa perft: .*j\\d+ is in use by process ${first.pid} on .* \\(a caissa perft --checkpoint\\)`));
    assert.equal(second.out, '');
    assert.equal(await ended, 0);
    assert.equal(out, `Nodes searched: ${START.counts.get(6)}\n`);
    assert.ok(!existsSync(`${file}.lock`));
    assertWhole(file);
  } finally {
    first.kill('SIGCONT');
    first.kill();
  }
  const stale = fresh();
  const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
  writeFileSync(`${stale}.lock`, JSON.stringify({ pid: gone, host: hostname() }));
  assert.equal((await run('3', '--checkpoint', stale)).out, `Nodes searched: ${START.counts.get(3)}\n`);
  assert.ok(!existsSync(`${stale}.lock`));
});

/** `caissa …` in a process of its own, killed after 10 s: the old code hung on a FIFO. */
const spawnedWithin = (...args: string[]): { code: number; out: string; err: string } => {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: 'utf8', timeout: 10_000 });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
};

test('a FILE.lock that is not a file (a directory, a FIFO) is bad input (exit 2) naming it, not a crash or a hang; it is left as it is', () => {
  const file = fresh();
  mkdirSync(`${file}.lock`);
  const dirLock = spawnedWithin('perft', '2', '--checkpoint', file);
  assert.equal(dirLock.code, 2, dirLock.err);
  assert.match(dirLock.err, /^caissa perft: .*j\d+\.lock is not a lock file \(a directory\): remove it\n$/);
  assert.ok(statSync(`${file}.lock`).isDirectory());
  const fifo = fresh();
  assert.equal(spawnSync('mkfifo', [`${fifo}.lock`]).status, 0);
  const fifoLock = spawnedWithin('perft', '2', '--checkpoint', fifo);
  assert.equal(fifoLock.code, 2, fifoLock.err);
  assert.match(fifoLock.err, /j\d+\.lock is not a lock file \(not a regular file\): remove it\n$/);
  assert.ok(statSync(`${fifo}.lock`).isFIFO());
});

test('a FILE that is not a regular file (a FIFO, as a device such as /dev/null would be) is bad input (exit 2), neither read nor replaced', () => {
  const fifo = fresh();
  assert.equal(spawnSync('mkfifo', [fifo]).status, 0);
  const r = spawnedWithin('perft', '2', '--checkpoint', fifo);
  assert.equal(r.code, 2, r.err);
  assert.match(r.err, /^caissa perft: \S*j\d+ is not a regular file: name a file for the checkpoint\n$/);
  assert.ok(statSync(fifo).isFIFO());
  assert.ok(!existsSync(`${fifo}.lock`));
});

test('a journal in use is refused under another name too: a symbolic link to it or to its directory, or a path through ./', async () => {
  const file = fresh();
  assert.equal((await run('2', '--checkpoint', file)).code, 0);
  const text = readFileSync(file, 'utf8');
  const holder = spawn('sleep', ['30']);
  try {
    writeFileSync(`${file}.lock`, JSON.stringify({ pid: holder.pid, host: hostname() }));
    const link = fresh();
    symlinkSync(file, link);
    // A link to the directory: the journal's own name is not a link, one of its directories is.
    const dirLink = fresh();
    symlinkSync(dir, dirLink);
    for (const name of [link, join(dir, '.', basename(file)), join(dirLink, basename(file))]) {
      const r = await run('2', '--checkpoint', name);
      assert.equal(r.code, 1, `${name}: ${r.err}`);
      assert.match(r.err, new RegExp(`is in use by process ${holder.pid} on `), name);
      assert.equal(r.out, '');
    }
    assert.equal(readFileSync(file, 'utf8'), text);
    assert.ok(lstatSync(link).isSymbolicLink());
  } finally {
    holder.kill();
  }
});

test('a symbolic link to a journal not made yet: the journal is made where it points, the link kept, and the lock is the target\'s', async () => {
  const target = fresh();
  const link = fresh();
  symlinkSync(basename(target), link);
  const first = await run('3', '--checkpoint', link);
  assert.equal(first.code, 0, first.err);
  assert.ok(lstatSync(link).isSymbolicLink(), 'the link is kept, not replaced by the journal');
  assertWhole(target);
  // The journal serves under either name, and the lock is one: a run holding it keeps the other off.
  assert.deepEqual(await run('3', '--checkpoint', target), first);
  const holder = spawn('sleep', ['30']);
  try {
    writeFileSync(`${target}.lock`, JSON.stringify({ pid: holder.pid, host: hostname() }));
    assert.equal((await run('3', '--checkpoint', link)).code, 1);
  } finally {
    holder.kill();
    rmSync(`${target}.lock`, { force: true });
  }
});

test('a FEN that differs only in its clocks is the same count: its journal serves', async () => {
  // The clocks change no legal move, so no perft count (FIDE 9.3 and 9.6.2 are claims and
  // game ends, not rules of movement).
  const file = fresh();
  const board = START.fen.split(' ').slice(0, 4).join(' ');
  assert.equal((await run('3', '--fen', `${board} 0 1`, '--checkpoint', file)).code, 0);
  const text = readFileSync(file, 'utf8');
  const again = await run('3', '--fen', `${board} 7 30`, '--checkpoint', file);
  assert.equal(again.code, 0, again.err);
  assert.equal(nodes(again.out), START.counts.get(3));
  assert.equal(readFileSync(file, 'utf8'), text);
});

test('the journal splits the count as perft-pool.ts says: one job per root move below depth 3, one per reply from depth 3', async () => {
  // The job counts are the published perft(1) and perft(2): a job per root move, or per reply.
  // Each line's moves are played from the root in their order, and its count is chess.js' perft
  // of what is left below them.
  for (const { fen, counts } of [START, KIWIPETE]) {
    for (const depth of [1, 2, 3]) {
      const file = fresh();
      const r = await run(String(depth), '--fen', fen, '--checkpoint', file);
      assert.equal(r.code, 0, r.err);
      const { jobs, lines } = journal(file);
      const plies = depth < 3 ? 1 : 2;
      assert.equal(jobs, counts.get(plies), `${fen} ${depth}`);
      assert.equal(lines.length, jobs);
      for (const l of lines) {
        const [, ...moves] = l.split(' ');
        const count = Number(moves.pop());
        assert.equal(moves.length, plies, l);
        const chess = new ChessJs(fen);
        for (const m of moves) chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
        assert.equal(count, depth === plies ? 1 : chess.moves().length, l);
      }
    }
  }
});

test('a first line that is JSON but not a journal header (another tool\'s, a field of another type) is no checkpoint: exit 2, the file untouched', async () => {
  const file = fresh();
  assert.equal((await run('3', '--checkpoint', file)).code, 0);
  const [headerLine, ...rest] = readFileSync(file, 'utf8').split('\n');
  const header = JSON.parse(headerLine!) as Record<string, unknown>;
  const variants: unknown[] = [
    null, 5, 'perft checkpoint', {}, [header],
    { ...header, caissa: 'enumerate' },
    { ...header, fen: 5 },
    { ...header, depth: '3' },
    { ...header, depth: 3.5 },
    { ...header, bulk: 'true' },
    { ...header, chess960: 0 },
    { ...header, jobs: '400' },
  ];
  for (const v of variants) {
    const text = [JSON.stringify(v), ...rest].join('\n');
    writeFileSync(file, text);
    const r = await run('3', '--checkpoint', file);
    assert.equal(r.code, 2, `${JSON.stringify(v)}: ${r.err}`);
    assert.match(r.err, /is not a caissa perft checkpoint \(line 1: '.*'\): name another file$/, JSON.stringify(v));
    assert.equal(readFileSync(file, 'utf8'), text);
  }
});

test('an empty FILE is a new journal; a FILE without a whole line is no checkpoint; a loop of links is unreadable (exit 2) and kept; a chain of links leads to the journal', async () => {
  const empty = fresh();
  writeFileSync(empty, '');
  const made = await run('3', '--checkpoint', empty);
  assert.equal(made.code, 0, made.err);
  assert.equal(nodes(made.out), START.counts.get(3));
  assertWhole(empty);

  const torn = fresh();
  writeFileSync(torn, 'my notes');
  const notOurs = await run('3', '--checkpoint', torn);
  assert.equal(notOurs.code, 2);
  assert.match(notOurs.err, /is not a caissa perft checkpoint \(line 1: 'my notes'\): name another file$/);
  assert.equal(readFileSync(torn, 'utf8'), 'my notes');

  // Two links pointing at each other: reading either fails (ELOOP); it must not be taken for a
  // missing file and replaced by a new journal.
  const a = fresh();
  const b = fresh();
  symlinkSync(basename(b), a);
  symlinkSync(basename(a), b);
  const loop = await run('2', '--checkpoint', a);
  assert.equal(loop.code, 2, loop.err);
  assert.match(loop.err, /cannot read .*j\d+: ELOOP/);
  assert.ok(lstatSync(a).isSymbolicLink() && lstatSync(b).isSymbolicLink());

  // A link to a link to a journal not made yet: made at the end of the chain, both links kept.
  const target = fresh();
  const middle = fresh();
  const first = fresh();
  symlinkSync(basename(target), middle);
  symlinkSync(basename(middle), first);
  const chained = await run('3', '--checkpoint', first);
  assert.equal(chained.code, 0, chained.err);
  assert.ok(lstatSync(first).isSymbolicLink() && lstatSync(middle).isSymbolicLink());
  assertWhole(target);
});

test('a run closes the journal it appended to, and a finished journal is not reopened: no file descriptor is left open', async () => {
  const file = fresh();
  /** This process's descriptors open on the journal (Linux's /proc/self/fd links name their files). */
  const onJournal = (): string[] =>
    readdirSync('/proc/self/fd').filter((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`) === realpathSync(file);
      } catch {
        return false; // closed since it was listed (the listing's own descriptor)
      }
    });
  assert.equal((await run('3', '--checkpoint', file)).code, 0);
  assert.deepEqual(onJournal(), []);
  assert.equal((await run('3', '--checkpoint', file)).code, 0);
  assert.deepEqual(onJournal(), []);
});
