/**
 * Self-play data: files read back with our reader (and numpy when present) and checked against
 * independent views: every mask row equals the core's legal moves of the row's FEN, policies
 * are distributions inside the mask, values are the game's result for the player to act as
 * chessops referees the replayed game (and the manifest counts the same results), observation
 * rows match a fresh environment set to the FEN. Usage errors are UsageErrors.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen, parseFen as opsParseFen } from 'chessops/fen';
import { parseUci as opsParseUci } from 'chessops/util';
import { makeFen, readFen } from '../../src/notation/fen.js';
import type { Position } from '../../src/chess/position.js';
import { BatchEnv } from '../../src/env/batch.js';
import { decodeChessLabel, encodeChessMove } from '../../src/env/chess-actions.js';
import { ChessKernel } from '../../src/env/chess-kernel.js';
import { DEFAULT_KERNEL_OPTIONS } from '../../src/env/kernel.js';
import { decodeNpy, type NpyArray } from '../../src/env/npy.js';
import { runSelfplay, SelfplayRunError, type SelfplayOptions } from '../../src/node/env-selfplay.js';
import { selfplayCommand } from '../../src/cli/commands/selfplay.js';
import { UsageError } from '../../src/cli/usage.js';
import { tempDir } from '../helpers.js';
import { numpyPython } from './numpy.js';
import { faultTree, within } from '../node/fault-tree.js';
import { pacoLabel } from '../../src/env/paco-encoder.js';
import { legalActions } from '../../src/variants/paco/actions.js';
import { writePacoFen } from '../../src/variants/paco/fen.js';
import { pacoStart } from '../../src/variants/paco/game.js';
import { applyActionUnchecked } from '../../src/variants/paco/play.js';
import { viewpointCode } from '../../src/variants/paco/action-text.js';
import { PLAYER } from '../../src/variants/paco/layout.js';
import { canPacoNow, checkSako } from '../../src/variants/paco/sako.js';

const A = 4672;

/** The .npy files of a chess run. */
const NPY_FILES = ['observations', 'masks', 'policies', 'actions', 'values', 'players', 'games', 'plies', 'fens'];

function load(dir: string, name: string): NpyArray {
  const r = decodeNpy(new Uint8Array(readFileSync(join(dir, `${name}.npy`))));
  assert.ok(r.ok, name);
  return r.value;
}

/** The run's manifest.json, or undefined while there is none. */
function readManifest(dir: string): { games: number; samples: number; complete: boolean; segments: number; seed: number } | undefined {
  try {
    return JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch {
    return undefined;
  }
}

/** How a recorded game ended: the winner, a draw, or `undefined` if it is not over. */
type Referee = 'white' | 'black' | 'draw' | undefined;

/** A game replayed by chessops: its position and how often each position has occurred. */
interface OpsGame {
  readonly pos: Chess;
  readonly seen: Map<string, number>;
}

/** FIDE 9.2.2's identity of a position: the first four FEN fields (chessops writes only a legal e.p. square). */
const opsKey = (pos: Chess): string => opsMakeFen(pos.toSetup()).split(' ').slice(0, 4).join(' ');

function opsStart(fen: string): OpsGame {
  const setup = opsParseFen(fen);
  assert.ok(setup.isOk, `chessops cannot read ${fen}`);
  const pos = Chess.fromSetup(setup.unwrap());
  assert.ok(pos.isOk, `chessops rejects ${fen}`);
  const game = { pos: pos.unwrap(), seen: new Map<string, number>() };
  game.seen.set(opsKey(game.pos), 1);
  return game;
}

/** Plays `uci` in chessops' replay, which must find it legal. */
function opsPlay(game: OpsGame, uci: string): void {
  const move = opsParseUci(uci);
  assert.ok(move !== undefined && game.pos.isLegal(move), `chessops: ${uci} is not legal in ${opsMakeFen(game.pos.toSetup())}`);
  game.pos.play(move);
  const key = opsKey(game.pos);
  game.seen.set(key, (game.seen.get(key) ?? 0) + 1);
}

/**
 * How a game chessops replayed ended, under the rules the chess environment documents
 * (src/env/chess-kernel.ts: pgx's `is_terminal`, all automatic): checkmate (FIDE 5.1.1) wins
 * over every draw; stalemate (5.2.1); dead material in its usual form (5.2.2: no pawn, rook or
 * queen, and one minor piece at most or bishops all on one colour, the very set chessops'
 * `isInsufficientMaterial` accepts); 100 plies without capture or pawn move (9.3); the
 * same position a third time (9.2.2: pieces, side to move, castling rights and legal
 * en-passant captures). `undefined`: not over, so only the step cap can have ended the game.
 */
function opsReferee(game: OpsGame): Referee {
  const pos = game.pos;
  if (pos.isCheckmate()) return pos.turn === 'white' ? 'black' : 'white';
  if (pos.isStalemate() || pos.isInsufficientMaterial() || pos.halfmoves >= 100) return 'draw';
  if (game.seen.get(opsKey(pos))! >= 3) return 'draw';
  return undefined;
}

/**
 * The values of the game in samples [first, end): each is the result for the player to act at
 * the sample (values.npy: +1 win, -1 loss, 0 draw or cut at the step cap). A game chessops
 * finds not over was cut: it ran exactly `maxSteps` steps (one sample per step).
 */
function checkValues(result: Referee, first: number, end: number, values: ArrayLike<number>, players: ArrayLike<number>, maxSteps: number, counts: number[]): void {
  if (result === undefined) assert.equal(end - first, maxSteps, `game at sample ${first}: not over, yet not cut at the step cap`);
  else assert.ok(end - first <= maxSteps, `game at sample ${first}: longer than the step cap`);
  counts[result === 'white' ? 0 : result === 'black' ? 1 : result === 'draw' ? 2 : 3]!++;
  for (let s = first; s < end; s++) {
    const mover = players[s] === 0 ? 'white' : 'black';
    const expected = result === undefined || result === 'draw' ? 0 : result === mover ? 1 : -1;
    assert.equal(values[s], expected, `sample ${s} (game at sample ${first}, ${result ?? 'cut'}, ${mover} to act)`);
  }
}

/**
 * Checks a run's files (see the file comment) and returns its games' results as chessops
 * referees them: [white wins, black wins, draws, cut at the step cap].
 */
function check(dir: string, options: SelfplayOptions): number[] {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  assert.equal(manifest.games, options.games);
  const n = manifest.samples as number;
  const results = manifest.results;
  assert.equal(results.whiteWins + results.blackWins + results.draws + results.truncated, options.games);
  const masks = load(dir, 'masks');
  const policies = load(dir, 'policies');
  const values = load(dir, 'values');
  const players = load(dir, 'players');
  const games = load(dir, 'games');
  const plies = load(dir, 'plies');
  const fens = load(dir, 'fens');
  const obs = load(dir, 'observations');
  assert.deepEqual(masks.shape, [n, A]);
  assert.deepEqual(obs.shape, [n, 8, 8, 20]);
  assert.equal(fens.strings!.length, n);
  const chess960 = options.game === 'chess960';
  const kernel = new ChessKernel(1, chess960, { ...DEFAULT_KERNEL_OPTIONS, observation: 'compact' });
  const env = new BatchEnv(kernel, { autoReset: false });
  env.reset();
  const actions = load(dir, 'actions');
  let replay: Position | undefined;
  // chessops replays each game too, and referees its result when the game's last sample is done.
  let ops: OpsGame | undefined;
  let first = 0;
  const counts = [0, 0, 0, 0]; // white wins, black wins, draws, truncated: the manifest's results
  for (let s = 0; s < n; s++) {
    const fen = fens.strings![s]!;
    const pos = readFen(fen, { chess960 });
    assert.ok(pos.ok, fen);
    // Replaying the recorded labels from each game's first position gives every later FEN.
    if (plies.data![s] !== 0) assert.equal(makeFen(replay!), fen);
    else {
      if (ops !== undefined) checkValues(opsReferee(ops), first, s, values.data!, players.data!, options.maxSteps, counts);
      ops = opsStart(fen);
      first = s;
    }
    // chessops' replay reaches the same placement, side to move and no-progress clock.
    const [board, turn, , , halfmoves] = fen.split(' ');
    assert.deepEqual(opsMakeFen(ops!.pos.toSetup()).split(' ').filter((_, k) => k === 0 || k === 1 || k === 4), [board, turn, halfmoves]);
    // A move was recorded here, so the game was not over yet.
    assert.equal(opsReferee(ops!), undefined, `${fen}: over, yet a move was played`);
    const code = decodeChessLabel(pos.value.words, 0, actions.data![s]!, chess960);
    replay = pos.value.playCode(code);
    assert.ok(replay !== undefined, `${fen}: label ${actions.data![s]}`);
    opsPlay(ops!, pos.value.moveFromCode(code)!.uci);
    const legal = new Set(pos.value.legalMoves().map((m) => encodeChessMove(m.code, pos.value.words[16]!, chess960)));
    let sum = 0;
    for (let a = 0; a < A; a++) {
      assert.equal(masks.data![s * A + a], legal.has(a) ? 1 : 0, `${fen} label ${a}`);
      const p = policies.data![s * A + a]!;
      if (!legal.has(a)) assert.equal(p, 0);
      sum += p;
    }
    assert.ok(Math.abs(sum - 1) < 1e-4);
    assert.equal(players.data![s], pos.value.turn === 'white' ? 0 : 1);
    // Plies count up within a game; the first sample of a game is ply 0.
    if (s > 0 && games.data![s] === games.data![s - 1]) assert.equal(plies.data![s], plies.data![s - 1]! + 1);
    else assert.equal(plies.data![s], 0);
    // The observation row: the same pieces, castling, e.p. and clocks as the FEN's own.
    kernel.setPosition(0, pos.value);
    env.refresh(0);
    for (let k = 0; k < 64 * 20; k++) {
      if (k % 20 === 17) continue; // repetition plane needs the game's history
      assert.equal(obs.data![s * 1280 + k], env.buffers.observations[k], `${fen} obs ${k}`);
    }
  }
  if (ops !== undefined) checkValues(opsReferee(ops), first, n, values.data!, players.data!, options.maxSteps, counts);
  assert.deepEqual([results.whiteWins, results.blackWins, results.draws, results.truncated], counts);
  return counts;
}

function withDir(body: (dir: string) => Promise<void>): Promise<void> {
  const dir = tempDir('caissa-selfplay-');
  return body(dir).finally(() => rmSync(dir, { recursive: true, force: true }));
}

const base: Omit<SelfplayOptions, 'out'> = {
  game: 'chess',
  games: 5,
  policy: 'random',
  simulations: 8,
  value: 'material',
  batch: 3,
  threads: 2,
  seed: 1,
  observation: 'compact',
  maxSteps: 60,
};

test('random self-play on two threads writes consistent files', () =>
  withDir(async (dir) => {
    const options = { ...base, out: dir };
    const r = await runSelfplay(options);
    assert.equal(r.games, 5);
    check(dir, options);
    // numpy's bools are the bytes 0 and 1 (another nonzero byte reads as True yet differs from it in
    // comparisons and sums): the mask's data, after its version-1 header, holds no other.
    const raw = readFileSync(join(dir, 'masks.npy'));
    assert.equal(raw[6], 1);
    assert.ok(raw.subarray(10 + raw.readUInt16LE(8)).every((byte) => byte <= 1), 'a mask byte other than 0 or 1');
    const python = numpyPython();
    if (python !== undefined) {
      const out = execFileSync(python, ['-c', `
import numpy as np, json, sys
d = sys.argv[1]
m = np.load(d + "/masks.npy"); p = np.load(d + "/policies.npy"); f = np.load(d + "/fens.npy"); o = np.load(d + "/observations.npy")
print(json.dumps([m.dtype.str, list(o.shape), bool(np.allclose(p.sum(1), 1)), bool((p[~m] == 0).all()), str(f[0])]))
`, dir], { encoding: 'utf8' });
      const [dtype, shape, sums, inside, fen] = JSON.parse(out);
      assert.deepEqual([dtype, shape, sums, inside], ['|b1', [r.samples, 8, 8, 20], true, true]);
      assert.equal(fen, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
    }
  }));

test('values are each game\'s result for the player to act: random games played to their end', () =>
  withDir(async (dir) => {
    // Random games from the start mostly end in about 100 to 500 plies; a cap of 400 leaves
    // checkmates, draws and cut games in one run (seed 5: 3 White wins, 1 Black win, 2 draws, 4 cut).
    // One thread: the same games on every run.
    const options: SelfplayOptions = { ...base, games: 10, batch: 4, threads: 1, seed: 5, maxSteps: 400, out: dir };
    await runSelfplay(options);
    const [whiteWins, blackWins, draws, truncated] = check(dir, options);
    // Not vacuous: values of a checkmate (±1 by the mover) and of draws and cuts (0) were
    // checked, and White's and Black's wins differ in number, so the manifest's counts could
    // not match chessops' with the two swapped.
    assert.ok(whiteWins! + blackWins! > 0 && whiteWins !== blackWins && draws! > 0 && truncated! > 0, JSON.stringify({ whiteWins, blackWins, draws, truncated }));
  }));

test('MCTS self-play (Chess960, rollout values) writes consistent files', () =>
  withDir(async (dir) => {
    const options: SelfplayOptions = { ...base, game: 'chess960', games: 2, batch: 2, policy: 'mcts', value: 'rollout', maxSteps: 16, out: dir };
    await runSelfplay(options);
    check(dir, options);
  }));

test('MCTS self-play samples its moves in proportion to visits for the first 30 plies and plays the most visited after (AlphaZero)', () =>
  withDir(async (dir) => {
    // Games cut at 34 plies: plies 0-29 sampled, 30-33 the most visited. One thread: the same games on
    // every run. 64 simulations, so that visits differ and a sampled move is often not the most visited.
    const options: SelfplayOptions = { ...base, games: 4, batch: 4, threads: 1, policy: 'mcts', simulations: 64, maxSteps: 34, out: dir };
    await runSelfplay(options);
    check(dir, options);
    const policies = load(dir, 'policies');
    const actions = load(dir, 'actions');
    const plies = load(dir, 'plies');
    let sampledAway = 0, sampledAwayLast = 0;
    for (let s = 0; s < plies.data!.length; s++) {
      const row = policies.data!.subarray(s * A, (s + 1) * A) as Float32Array;
      const played = row[actions.data![s]!]!;
      assert.ok(played > 0, `sample ${s}: an unvisited move was played`);
      const most = Math.max(...row);
      if (plies.data![s]! >= 30) assert.equal(played, most, `sample ${s} (ply ${plies.data![s]}): not the most visited move`);
      else if (played < most) {
        sampledAway++;
        if (plies.data![s] === 29) sampledAwayLast++;
      }
    }
    // Sampling shows: before ply 30, moves other than the most visited were played, at ply 29 too
    // (this seed's games: two of the four there), so sampling stops at ply 30, not before.
    assert.ok(sampledAway > 0, 'no move before ply 30 was sampled away from the most visited');
    assert.ok(sampledAwayLast > 0, 'no move at ply 29 was sampled away from the most visited');
  }));

test('CLI: usage errors', async () => {
  const usage = async (args: string[]): Promise<string> => {
    try {
      await selfplayCommand.run(args);
    } catch (e) {
      assert.ok(e instanceof UsageError);
      return (e as Error).message;
    }
    assert.fail('expected a usage error');
  };
  assert.match(await usage(['--game', 'paco', '--games', '1', '--out', '/tmp/x', '--value', 'material']), /chess only/);
  assert.match(await usage(['--game', 'go', '--games', '1', '--out', '/tmp/x']), /--game: expected one of chess, chess960, paco, got 'go'/);
  // Paco Ŝako has one observation, the reference's 30 layers: a chess kind asked of it was ignored.
  await withDir(async (dir) => {
    for (const kind of ['compact', 'alphazero']) {
      assert.match(await usage(['--game', 'paco', '--games', '1', '--out', dir, '--observation', kind, '--quiet']), /--observation: chess only \(Paco Ŝako has the reference's 30 layers\)/);
    }
  });
  // An --out under a file cannot be created: a usage error that names it, not a crash.
  await withDir(async (dir) => {
    writeFileSync(join(dir, 'file'), '');
    assert.match(await usage(['--games', '1', '--out', join(dir, 'file', 'out'), '--quiet']), /--out .*file\/out: cannot write there/);
  });
  // Other refusals of the directory are the same usage error, not a failed run (exit 1) with the bare system message.
  assert.match(await usage(['--games', '1', '--out', join(tmpdir(), 'a'.repeat(300), 'out'), '--quiet']), /--out .*: cannot write there \(ENAMETOOLONG/);
  if (existsSync('/sys/kernel')) assert.match(await usage(['--games', '1', '--out', '/sys/caissa-nonexistent/out', '--quiet']), /--out \/sys\/caissa-nonexistent\/out: cannot write there \(E(PERM|ACCES)/);
  await withDir(async (dir) => {
    symlinkSync('loop-b', join(dir, 'loop-a'));
    symlinkSync('loop-a', join(dir, 'loop-b'));
    assert.match(await usage(['--games', '1', '--out', join(dir, 'loop-a', 'out'), '--quiet']), /--out .*loop-a\/out: cannot write there \(ELOOP/);
  });
  assert.match(await usage(['--out', '/tmp/x']), /--games/);
  assert.match(await usage(['--games', '2']), /--out/);
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--policy', 'alphabeta']), /--policy/);
  // A value function or observation that is none of the usage's choices, and a stray word, are refused, not run.
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--policy', 'mcts', '--value', 'minimax']), /^--value: expected material or rollout, got 'minimax'$/);
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--observation', 'planes']), /^--observation: expected alphazero or compact, got 'planes'$/);
  assert.match(await usage(['more', '--games', '2', '--out', '/tmp/x']), /^unexpected argument 'more'$/);
  // Empty values are values: none of the choices, and no batch of 0 environments (a run of no games).
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--observation', '']), /^--observation: expected alphazero or compact, got ''$/);
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--policy', 'mcts', '--value', '']), /^--value: expected material or rollout, got ''$/);
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--batch', '0']), /--batch: expected an integer from 1 to 16384/);
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--sims', '5']), /--sims needs/);
  // Refused, not ignored: the random policy has no leaves to value (the run's manifest had no --value).
  assert.match(await usage(['--games', '2', '--out', '/tmp/x', '--value', 'rollout']), /--value needs --policy mcts/);
  assert.match(await usage(['--games', '0', '--out', '/tmp/x']), /--games/);
  // Time between checkpoints: a whole number of milliseconds, 0 (after every game) to a day.
  for (const bad of ['-1', '1.5', '86400001', 'soon', '']) {
    assert.match(await usage(['--games', '1', '--out', '/tmp/x', `--checkpoint-ms=${bad}`]), /^--checkpoint-ms: expected an integer from 0 to 86400000, got '/, bad);
  }
  await assert.rejects(runSelfplay({ ...base, games: 1, out: '/tmp/x', checkpointMs: -1 }), /RangeError: checkpointMs must be a number of milliseconds ≥ 0, got -1/);
  await assert.rejects(runSelfplay({ ...base, games: 1, out: '/tmp/x', checkpointMs: NaN }), /RangeError: checkpointMs must be a number of milliseconds ≥ 0, got NaN/);
  // Seeds are 32-bit: 2^32 played the very games of seed 0 (the generators keep the low bits).
  await withDir(async (dir) => {
    assert.match(await usage(['--games', '1', '--out', dir, '--seed', '4294967296', '--quiet']), /--seed: expected an integer from 0 to 4294967295/);
    // Both ends of that range are runs of their own seed.
    for (const seed of ['0', '4294967295']) {
      const out = join(dir, seed);
      assert.equal(await selfplayCommand.run(['--games', '1', '--batch', '1', '--max-steps', '2', '--seed', seed, '--out', out, '--quiet']), 0, seed);
      assert.equal(readManifest(out)?.seed, Number(seed));
    }
  });
});

test('caissa selfplay without an option runs with the default its usage gives', () =>
  withDir(async (dir) => {
    const usage = selfplayCommand.usage.replace(/\s+/g, ' ');
    assert.match(usage, /--game: chess unless given; the others' defaults: --policy random, --sims 64, --value material \(paco: rollout\), --batch the smaller of N and 64, --threads 1, --observation alphazero, --max-steps 512, --seed 0/);
    type Manifest = { game: string; policy: string; simulations?: number; value?: string; batch: number; threads: number; observation: { kind: string }; maxSteps: number; seed: number; repeatable: boolean };
    const run = async (name: string, args: string[]): Promise<Manifest> => {
      const out = join(dir, name);
      assert.equal(await selfplayCommand.run([...args, '--out', out, '--quiet']), 0, name);
      return JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    };
    const plain = await run('plain', ['--games', '1']);
    assert.deepEqual([plain.game, plain.policy, plain.simulations, plain.value, plain.batch, plain.threads, plain.observation.kind, plain.maxSteps, plain.seed, plain.repeatable], ['chess', 'random', undefined, undefined, 1, 1, 'alphazero', 512, 0, false]);
    assert.equal((await run('repeatable', ['--games', '1', '--max-steps', '1', '--repeatable'])).repeatable, true);
    const many = await run('many', ['--games', '65', '--max-steps', '1']);
    assert.deepEqual([many.batch, many.threads], [64, 1]);
    const mcts = await run('mcts', ['--games', '1', '--policy', 'mcts', '--max-steps', '1']);
    assert.deepEqual([mcts.simulations, mcts.value], [64, 'material']);
    const paco = await run('paco', ['--game', 'paco', '--games', '1', '--policy', 'mcts', '--sims', '2', '--max-steps', '1']);
    assert.deepEqual([paco.game, paco.value], ['paco', 'rollout']);
  }));

test('Paco Ŝako self-play: masks, replayed actions and the Ŝako / Paco-in-one flags', () =>
  withDir(async (dir) => {
    const options: SelfplayOptions = { ...base, game: 'paco', games: 3, batch: 3, maxSteps: 200, value: 'rollout', out: dir };
    await runSelfplay(options);
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
    const n = manifest.samples as number;
    const masks = load(dir, 'masks');
    const fens = load(dir, 'fens');
    const flags = load(dir, 'flags');
    const actions = load(dir, 'actions');
    const plies = load(dir, 'plies');
    const obs = load(dir, 'observations');
    assert.deepEqual(obs.shape, [n, 30, 8, 8]);
    assert.deepEqual(flags.shape, [n, 2]);
    const buf = new Int32Array(64);
    // Replay every game from the start with the recorded labels: the live state (with its
    // repetition history) is what the flags are about.
    let state = pacoStart();
    for (let s = 0; s < n; s++) {
      if (plies.data![s] === 0) state = pacoStart();
      assert.equal(writePacoFen(state), fens.strings![s]);
      const player = state[PLAYER]!;
      const count = legalActions(state, buf);
      const legal = new Set(Array.from(buf.subarray(0, count), (c) => pacoLabel(c, player)));
      for (let a = 0; a < 132; a++) assert.equal(masks.data![s * 132 + a], legal.has(a) ? 1 : 0);
      // Flags against the exhaustive searches (the worker used the amazon-pruned one).
      const sako = checkSako(state, player, 'exhaustive');
      assert.equal(flags.data![2 * s], sako.ok ? (sako.value ? 1 : 0) : -1, fens.strings![s]);
      assert.equal(flags.data![2 * s + 1], canPacoNow(state) ? 1 : 0, fens.strings![s]);
      const label = actions.data![s]!;
      assert.ok(legal.has(label));
      applyActionUnchecked(state, viewpointCode(label + 1, player));
    }
  }));

/** The games of a run as their FEN sequences, checking that game indices count up from 0 with no gap. */
function gameLines(dir: string): string[] {
  const games = load(dir, 'games');
  const fens = load(dir, 'fens');
  const lines: string[][] = [];
  for (let s = 0; s < games.data!.length; s++) {
    const g = games.data![s]!;
    if (g === lines.length) lines.push([]);
    assert.equal(g, lines.length - 1, `sample ${s}: game ${g} after game ${lines.length - 1}`);
    lines[g]!.push(fens.strings![s]!);
  }
  return lines.map((l) => l.join('|'));
}

const MAIN = fileURLToPath(new URL('../../../dist/cli/main.js', import.meta.url));

/** Runs `caissa selfplay` with `args` and kills it (SIGKILL) as soon as a checkpoint in `dir` holds a game. */
async function killAtFirstGame(args: string[], dir: string): Promise<void> {
  const child = spawn(process.execPath, args, { stdio: 'ignore' });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let killed = false;
  while (!killed && child.exitCode === null) {
    await new Promise((r) => setTimeout(r, 20));
    const m = readManifest(dir);
    if (m !== undefined && m.games > 0 && !m.complete) killed = child.kill('SIGKILL');
  }
  await exited;
  assert.ok(killed, 'the run ended before its first checkpoint with a game');
}

test('a run killed after a checkpoint resumes: no game lost or played twice, files as the manifest says', () =>
  withDir(async (dir) => {
    const options: SelfplayOptions = { ...base, games: 60, batch: 4, threads: 1, policy: 'mcts', simulations: 200, maxSteps: 40, out: dir };
    const args = [MAIN, 'selfplay', '--games', '60', '--batch', '4', '--policy', 'mcts', '--sims', '200', '--max-steps', '40', '--observation', 'compact', '--seed', '1', '--out', dir, '--quiet'];
    // A checkpoint after every game, so that the kill comes after one whatever the machine's speed.
    await killAtFirstGame([...args, '--checkpoint-ms', '0'], dir);
    // What the kill left reads as the last checkpoint's games (numpy reads the same header).
    const checkpoint = readManifest(dir)!;
    assert.equal(checkpoint.complete, false);
    const before = gameLines(dir);
    assert.equal(before.length, checkpoint.games);
    assert.equal(load(dir, 'masks').shape[0], checkpoint.samples);

    // Without --resume the unfinished run is not overwritten.
    const again = spawnSync(process.execPath, args, { encoding: 'utf8' });
    assert.equal(again.status, 2);
    assert.match(again.stderr, /holds an unfinished run \(\d+ games\): pass --resume/);
    // Resumed with other options, it is refused, naming the run's own.
    const other = spawnSync(process.execPath, [...args, '--resume', '--seed', '2'], { encoding: 'utf8' });
    assert.equal(other.status, 2);
    assert.match(other.stderr, /holds a different run \(--game chess --policy mcts --sims 200 --value material --observation compact --max-steps 40 --seed 1\)/);

    const resumed = spawnSync(process.execPath, [...args, '--resume'], { encoding: 'utf8' });
    assert.equal(resumed.status, 0, resumed.stderr);
    const m = readManifest(dir)!;
    assert.equal(m.complete, true);
    assert.equal(m.segments, 2);
    check(dir, options);
    const after = gameLines(dir);
    assert.equal(after.length, 60);
    assert.deepEqual(after.slice(0, before.length), before);
    // The resumed part has seeds of its own: no game is played twice.
    assert.equal(new Set(after).size, after.length);
  }));

test('a second run in a directory another run is using is refused (exit 1, naming it) and the first goes on; a dead run\'s lock is taken over', () =>
  withDir(async (dir) => {
    const args = [MAIN, 'selfplay', '--games', '40', '--batch', '4', '--max-steps', '60', '--observation', 'compact', '--seed', '1', '--out', dir, '--quiet'];
    const first = spawn(process.execPath, args, { stdio: 'ignore' });
    const exited = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)));
    try {
      while (first.exitCode === null && readManifest(dir) === undefined) await new Promise((r) => setTimeout(r, 10));
      // Held still while the second runs, so that it cannot end first on a busy machine.
      first.kill('SIGSTOP');
      // Before, both ran: the second, resuming, cut the files back to the manifest's rows under the
      // first, and each wrote its own manifest over the other's.
      for (const extra of [['--resume'], []]) {
        const second = spawnSync(process.execPath, [...args, ...extra], { encoding: 'utf8' });
        assert.equal(second.status, 1, second.stderr);
        assert.match(second.stderr, new RegExp(`^caissa selfplay: .* is in use by process ${first.pid} on .* \\(a caissa selfplay\\)`));
      }
      first.kill('SIGCONT');
      assert.equal(await exited, 0);
    } finally {
      first.kill('SIGCONT');
      first.kill();
    }
    check(dir, { ...base, games: 40, batch: 4, maxSteps: 60, out: dir });
    assert.ok(!existsSync(join(dir, 'lock.json')), 'the run left its lock');
    // A lock whose process is gone (a killed run) is taken over.
    const gone = spawnSync(process.execPath, ['-e', 'process.exit(0)']).pid!;
    writeFileSync(join(dir, 'lock.json'), JSON.stringify({ pid: gone, host: hostname() }));
    const resumed = spawnSync(process.execPath, [...args.map((a) => (a === '40' ? '45' : a)), '--resume'], { encoding: 'utf8' });
    assert.equal(resumed.status, 0, resumed.stderr);
    check(dir, { ...base, games: 45, batch: 4, maxSteps: 60, out: dir });
    assert.ok(!existsSync(join(dir, 'lock.json')));
  }));

test('a finished run resumed with more games is extended; with as many, left as it is', () =>
  withDir(async (dir) => {
    await runSelfplay({ ...base, games: 3, out: dir });
    const first = gameLines(dir);
    await runSelfplay({ ...base, games: 3, out: dir, resume: true });
    assert.deepEqual(gameLines(dir), first);
    assert.equal(readManifest(dir)!.segments, 1);
    const options = { ...base, games: 7, out: dir, resume: true };
    const r = await runSelfplay(options);
    assert.equal(r.games, 7);
    check(dir, options);
    assert.deepEqual(gameLines(dir).slice(0, 3), first);
    assert.equal(readManifest(dir)!.segments, 2);
    // A fresh run over a finished one is refused unless forced (then it replaces it).
    await assert.rejects(runSelfplay({ ...base, games: 2, out: dir }), (e) => e instanceof SelfplayRunError && e.message.includes('holds a run (7 games): pass --resume'));
    assert.equal(gameLines(dir).length, 7);
    await runSelfplay({ ...base, games: 2, out: dir, force: true });
    assert.equal(gameLines(dir).length, 2);
  }));

test('a run of one game plays it, one extended by one game plays one more, and one resumed from a version-1 manifest (no segments) plays new games, none twice', () =>
  withDir(async (dir) => {
    const one = { ...base, games: 1, out: dir };
    assert.equal((await runSelfplay(one)).games, 1);
    check(dir, one);
    const two = { ...one, games: 2, resume: true };
    assert.equal((await runSelfplay(two)).games, 2);
    check(dir, two);
    assert.equal(new Set(gameLines(dir)).size, 2);
    // A manifest of version 1 written before checkpoints has neither `complete` nor `segments`:
    // its run was one segment, and the games that continue it have seeds of their own.
    // One thread, so that a segment played again from the run's own seed would repeat its games exactly.
    const fresh = { ...base, games: 3, threads: 1, out: dir };
    await runSelfplay({ ...fresh, force: true });
    const path = join(dir, 'manifest.json');
    const older = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    delete older.complete;
    delete older.segments;
    writeFileSync(path, JSON.stringify(older));
    const more = { ...fresh, games: 6, resume: true };
    await runSelfplay(more);
    check(dir, more);
    assert.equal(new Set(gameLines(dir)).size, 6, 'a game of the first segment was played again');
    assert.equal(readManifest(dir)!.segments, 2);
  }));

test('a run\'s first games start where a single-threaded BatchEnv of its seed starts (Chess960); a resumed segment starts elsewhere', () =>
  withDir(async (dir) => {
    // One thread: with two, a worker that finishes a game early may claim a game the other's
    // environments would have started with.
    const options: SelfplayOptions = { ...base, game: 'chess960', games: 4, batch: 4, threads: 1, seed: 7, maxSteps: 6, out: dir };
    await runSelfplay(options);
    const single = new BatchEnv(new ChessKernel(4, true, { ...DEFAULT_KERNEL_OPTIONS, observation: 'compact' }), { seed: 7 });
    single.reset();
    const expected = Array.from({ length: 4 }, (_, i) => single.kernel.describe(i)).sort();
    const starts = (): string[] => gameLines(dir).map((line) => line.split('|')[0]!);
    assert.deepEqual(starts().sort(), expected);
    await runSelfplay({ ...options, games: 8, resume: true });
    assert.notDeepEqual(starts().slice(4).sort(), expected);
  }));

test('--repeatable: the files depend on neither --threads nor --batch; game g starts where environment g of a BatchEnv of the seed starts; without it, the same games, in the order they finish', () =>
  withDir(async (dir) => {
    // Chess960 games played to their end (most random games end within 512 steps): lengths vary,
    // so games finish out of order, and on one thread otherwise than on three.
    const options: Omit<SelfplayOptions, 'out'> = { ...base, game: 'chess960', games: 9, seed: 11, maxSteps: 512, repeatable: true };
    const runs = [join(dir, 'one'), join(dir, 'three')];
    await runSelfplay({ ...options, threads: 1, batch: 4, out: runs[0]! });
    await runSelfplay({ ...options, threads: 3, batch: 3, out: runs[1]! });
    for (const name of NPY_FILES) assert.ok(readFileSync(join(runs[0]!, `${name}.npy`)).equals(readFileSync(join(runs[1]!, `${name}.npy`))), `${name}.npy differs`);
    const [one, three] = runs.map((d) => JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8')) as Record<string, unknown>);
    for (const key of ['threads', 'batch', 'elapsedMs', 'samplesPerSecond']) {
      delete one![key];
      delete three![key];
    }
    assert.deepEqual(three, one);
    assert.equal(one!.repeatable, true);
    const lines = gameLines(runs[0]!);
    const lengths = lines.map((l) => l.split('|').length);
    assert.ok(new Set(lengths).size > 3, `game lengths ${lengths}`);
    const single = new BatchEnv(new ChessKernel(9, true, { ...DEFAULT_KERNEL_OPTIONS, observation: 'compact' }), { seed: 11 });
    single.reset();
    assert.deepEqual(lines.map((l) => l.split('|')[0]), Array.from({ length: 9 }, (_, g) => single.kernel.describe(g)));
    // Without the option, a run on two threads plays the same games, written as they finish.
    const plain = join(dir, 'plain');
    await runSelfplay({ ...options, repeatable: false, threads: 2, batch: 4, out: plain });
    assert.deepEqual(gameLines(plain).sort(), [...lines].sort());
    // A repeatable run is another run: resuming it without the option is refused.
    await assert.rejects(runSelfplay({ ...options, threads: 2, games: 12, out: runs[0]!, resume: true, repeatable: false }), /holds a different run \(.*--repeatable\)/);
  }));

test('--repeatable: a run killed after a checkpoint and resumed (other --threads and --batch) writes the files of a run never killed', () =>
  withDir(async (dir) => {
    const killedDir = join(dir, 'killed'), whole = join(dir, 'whole');
    const args = [MAIN, 'selfplay', '--games', '24', '--policy', 'mcts', '--sims', '200', '--max-steps', '40', '--observation', 'compact', '--seed', '1', '--repeatable', '--quiet', '--out', killedDir];
    await killAtFirstGame([...args, '--batch', '4', '--threads', '2', '--checkpoint-ms', '0'], killedDir);
    const resumed = spawnSync(process.execPath, [...args, '--batch', '3', '--threads', '1', '--resume'], { encoding: 'utf8' });
    assert.equal(resumed.status, 0, resumed.stderr);
    assert.equal(readManifest(killedDir)!.segments, 2);
    await runSelfplay({ ...base, games: 24, policy: 'mcts', simulations: 200, maxSteps: 40, seed: 1, batch: 5, threads: 2, repeatable: true, out: whole });
    for (const name of NPY_FILES) assert.ok(readFileSync(join(killedDir, `${name}.npy`)).equals(readFileSync(join(whole, `${name}.npy`))), `${name}.npy differs`);
  }));

test('caissa selfplay without --quiet ends its progress line (full bar, games, samples) with a newline, before the one line on stdout', () =>
  withDir((dir) => {
    const r = spawnSync(process.execPath, [MAIN, 'selfplay', '--games', '2', '--batch', '2', '--max-steps', '4', '--observation', 'compact', '--out', dir], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const { samples } = readManifest(dir)!;
    assert.match(r.stderr, new RegExp(`\\r\\[#{24}\\] 2/2 games  ${samples} samples  \\d+ samples/s\\n$`));
    assert.match(r.stdout, new RegExp(`^wrote ${samples} samples of 2 games to `));
    return Promise.resolve();
  }));

test('caissa selfplay --resume with fewer --games than the run holds: none played, none removed, and it says so', () =>
  withDir((dir) => {
    const args = [MAIN, 'selfplay', '--games', '3', '--batch', '2', '--max-steps', '30', '--observation', 'compact', '--seed', '1', '--out', dir, '--quiet'];
    // --quiet: the one line on stdout, nothing on stderr (no progress, and no word of games held
    // beyond --games when the run holds exactly as many).
    const quiet = spawnSync(process.execPath, args, { encoding: 'utf8' });
    assert.equal(quiet.status, 0, quiet.stderr);
    assert.equal(quiet.stderr, '');
    assert.match(quiet.stdout, new RegExp(`^wrote \\d+ samples of 3 games to ${dir} \\(\\d+ samples/s\\)\\n$`));
    const same = spawnSync(process.execPath, [...args, '--resume'], { encoding: 'utf8' });
    assert.deepEqual([same.status, same.stderr], [0, '']);
    const before = gameLines(dir);
    const fewer = args.map((a, i) => (args[i - 1] === '--games' ? '1' : a));
    const r = spawnSync(process.execPath, [...fewer, '--resume'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /of 3 games/);
    assert.equal(r.stderr, `caissa selfplay: ${dir} already holds 3 games, more than --games 1: none played, none removed\n`);
    assert.deepEqual(gameLines(dir), before);
    return Promise.resolve();
  }));

test('a fresh run that fails while it replaces a finished run\'s files leaves no manifest vouching for them', () =>
  withDir(async (dir) => {
    await runSelfplay({ ...base, games: 3, out: dir });
    // values.npy cannot be opened (a directory in its place): the fresh run fails after it has
    // replaced the files before it, as a kill at that moment would leave them. Before, the finished
    // run's manifest was left, complete, counting samples that observations.npy no longer held.
    rmSync(join(dir, 'values.npy'));
    mkdirSync(join(dir, 'values.npy'));
    await assert.rejects(runSelfplay({ ...base, games: 2, out: dir, force: true }), /EISDIR|directory/);
    assert.ok(!existsSync(join(dir, 'observations.npy')) || load(dir, 'observations').shape[0] === 0);
    assert.equal(readManifest(dir), undefined);
    // Nothing is left to resume: the next run, with --resume or not, starts afresh.
    rmSync(join(dir, 'values.npy'), { recursive: true });
    const options = { ...base, games: 2, out: dir, resume: true };
    await runSelfplay(options);
    check(dir, options);
  }));

test('a run whose directory goes away fails with the CLI\'s error, not a crash', async () => {
  const dir = tempDir('caissa-selfplay-');
  try {
    const out = join(dir, 'run');
    const child = spawn(process.execPath, [MAIN, 'selfplay', '--games', '100000', '--batch', '4', '--max-steps', '100', '--observation', 'compact', '--out', out, '--quiet'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Once a checkpoint holds a game, the directory is removed: the next checkpoint cannot be written.
    while (child.exitCode === null && (readManifest(out)?.games ?? 0) === 0) await new Promise((r) => setTimeout(r, 20));
    rmSync(out, { recursive: true, force: true });
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    const code = await exited;
    clearTimeout(timer);
    // Before, the write failed inside the worker's message handler: an uncaught exception, its
    // stack trace, exit 1, and no final checkpoint or file closing.
    assert.equal(code, 2, stderr);
    assert.match(stderr, /--out .*run: cannot write there \(ENOENT/);
    assert.doesNotMatch(stderr, /\n\s+at /);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('--out that procfs refuses (/proc/nonexistent/x) is the CLI\'s error, not a hang', { skip: !existsSync('/proc/self') }, () => {
  // Node's recursive mkdirSync spins for ever where a parent exists and still answers ENOENT for
  // its child, as procfs does; the run hung before it wrote anything.
  const r = spawnSync(process.execPath, [MAIN, 'selfplay', '--games', '1', '--out', '/proc/nonexistent/x', '--quiet'], { encoding: 'utf8', timeout: 20_000 });
  assert.equal(r.signal, null, 'killed after 20 s: the run hung');
  assert.equal(r.status, 2, r.stderr);
  assert.match(r.stderr, /--out \/proc\/nonexistent\/x: cannot write there \(ENOENT/);
});

test('a worker that ends (exit code 0) before it says done fails the run, with no game lost unseen', async () => {
  // The worker ends by process.exit(0) right after posting its first game. Before, an exit of
  // code 0 counted as finished: the run resolved with games missing and a complete manifest.
  const tree = faultTree('env-selfplay-worker', `import { parentPort } from 'node:worker_threads';
const post = parentPort.postMessage.bind(parentPort);
parentPort.postMessage = (m) => { post(m); if (m.type === 'game') process.exit(0); };
await import('./env-selfplay-worker.real.js');
`);
  try {
    const { runSelfplay: run } = (await import(tree.url('env-selfplay'))) as { runSelfplay: typeof runSelfplay };
    await withDir(async (dir) => {
      const error = await within(run({ ...base, games: 4, threads: 1, out: dir }).then(() => undefined, (e: unknown) => e), 20_000, 'runSelfplay');
      assert.ok(error instanceof Error, 'the run resolved');
      assert.equal(error.name, 'WorkerThreadError', String(error));
      assert.equal(error.message, 'self-play: a worker thread exited (code 0) before its games were done');
      // The checkpoint holds the game the worker did post, and the run is not complete.
      assert.deepEqual([readManifest(dir)?.games, readManifest(dir)?.complete], [1, false]);
    });
  } finally {
    tree.remove();
  }
});

test('selfplay --out DIR holding a run (finished, or files without a manifest) is refused with exit 2 and nothing changed, unless --resume or --force; --force removes the old run\'s files, another game\'s flags.npy too', () =>
  withDir(async (dir) => {
    const cli = (...args: string[]) => spawnSync(process.execPath, [MAIN, 'selfplay', '--batch', '2', '--max-steps', '20', '--out', dir, '--quiet', ...args], { encoding: 'utf8' });
    assert.equal(cli('--game', 'paco', '--games', '2').status, 0);
    const before = readFileSync(join(dir, 'manifest.json'), 'utf8');
    for (const args of [['--games', '1'], ['--game', 'paco', '--games', '2', '--seed', '5']]) {
      const r = cli(...args);
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stderr, `caissa selfplay: ${dir} holds a run (2 games): pass --resume to continue or extend it, --force to start afresh, or use another directory\n`);
      assert.equal(readFileSync(join(dir, 'manifest.json'), 'utf8'), before);
    }
    assert.equal(cli('--games', '1', '--resume', '--force').status, 2);
    const forced = cli('--games', '1', '--force');
    assert.equal(forced.status, 0, forced.stderr);
    assert.ok(!existsSync(join(dir, 'flags.npy')), 'the Paco run\'s flags.npy is gone');
    assert.equal(readManifest(dir)!.games, 1);
    // Files of a run without its manifest (killed before its first checkpoint) are a run too.
    rmSync(join(dir, 'manifest.json'));
    const r = cli('--games', '1');
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /holds the files of a run \(observations\.npy, .*\): pass --resume/);
    return Promise.resolve();
  }));
