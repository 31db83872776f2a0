/**
 * The UCI client against real engines from Debian (Stockfish, Fairy-Stockfish, Ethereal) and
 * against fake engines that break the protocol: handshake and options, analysis at fixed nodes
 * with three lines whose PVs chessops (not our code) finds legal, best moves, Chess960 castling
 * sent and read king-takes-rook, `stop()` of an infinite search, several engines at once, and
 * every fault as its typed error.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Chess, normalizeMove } from 'chessops/chess';
import { parseFen as chessopsFen } from 'chessops/fen';
import { parseUci as chessopsUci } from 'chessops/util';
import { Position, type Move } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { UciEngine, UciEngineError, type UciGame } from '../../src/node/uci-engine.js';
import type { UciInfo } from '../../src/node/uci-protocol.js';
import { testSeed } from '../helpers.js';
import { realEngines, writeFakeEngines } from './uci-engines.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

/** Whether chessops finds `ucis` a legal line from `fen` (Chess960 castling as king-takes-rook). */
function chessopsLegal(fen: string, ucis: readonly string[]): boolean {
  const pos = Chess.fromSetup(chessopsFen(fen).unwrap()).unwrap();
  for (const uci of ucis) {
    const raw = chessopsUci(uci);
    if (raw === undefined) return false;
    const move = normalizeMove(pos, raw);
    if (!pos.isLegal(move)) return false;
    pos.play(move);
  }
  return true;
}

/** The last info of each line, by its multipv. */
async function lastLines(infos: AsyncIterable<UciInfo>): Promise<Map<number, UciInfo>> {
  const last = new Map<number, UciInfo>();
  for await (const info of infos) if (info.score !== undefined && info.pvUci.length > 0) last.set(info.multipv, info);
  return last;
}

/** A Chess960 game that reaches a castling move, played at random from a random start. */
function chess960GameWithCastling(rng: Rng): UciGame {
  for (;;) {
    const start = Position.chess960Start(rng.below(960));
    const moves: Move[] = [];
    let pos = start;
    for (let ply = 0; ply < 40; ply++) {
      const legal = pos.legalMoves();
      if (legal.length === 0) break;
      const castle = legal.find((m) => m.isCastle);
      const move = castle ?? legal[rng.below(legal.length)]!;
      moves.push(move);
      pos = move.play();
      if (castle !== undefined && pos.countLegalMoves() > 0) return { start, moves };
    }
  }
}

for (const { name, path } of realEngines()) {
  test(`${name}: handshake, options, analysis with multipv 3, best move, Chess960, stop`, { skip: path === undefined && `${name} unavailable` }, async () => {
    const engine = await UciEngine.start(path!, { options: { Hash: 16 } });
    try {
      assert.ok(engine.id.name !== undefined && engine.id.name.length > 0, 'id name');
      const hash = engine.options.get('hash');
      assert.ok(hash !== undefined && hash.type === 'spin' && hash.min <= hash.default && hash.default <= hash.max, JSON.stringify(hash));
      assert.equal(engine.options.get('multipv')?.type, 'spin');
      await engine.setOption('hash', 32); // names are case-insensitive
      await assert.rejects(engine.setOption('Hash', 'lots'), RangeError);
      await assert.rejects(engine.setOption('No Such Option', 1), RangeError);
      await engine.newGame();

      // Analysis at fixed nodes, three lines; Ethereal with MultiPV > 1 and a node limit ends
      // after depth 1, which is still three scored, legal lines.
      const pos = readFen(KIWIPETE);
      assert.ok(pos.ok);
      const lines = await lastLines(engine.analyse(pos.value, { nodes: 20_000 }, { multiPv: 3 }));
      assert.deepEqual([...lines.keys()].sort(), [1, 2, 3]);
      const firsts = new Set<string>();
      for (const info of lines.values()) {
        assert.ok(info.score !== undefined && Number.isInteger(info.score.value), info.raw);
        assert.equal(info.pvError, undefined, info.raw);
        assert.deepEqual(info.pv.map((m) => m.uci), info.pvUci, info.raw);
        assert.ok(chessopsLegal(KIWIPETE, info.pvUci), `chessops finds the PV illegal: ${info.raw}`);
        assert.ok(info.depth !== undefined && info.depth >= 1);
        firsts.add(info.pvUci[0]!);
      }
      assert.equal(firsts.size, 3, 'three lines, three different first moves');

      // Best move: a mate in one is found and scored as mate 1.
      const mate = readFen('6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1');
      assert.ok(mate.ok);
      const best = await engine.bestMove(mate.value, { depth: 6 });
      assert.equal(best.move?.uci, 'a1a8');
      assert.deepEqual(best.info?.score, { type: 'mate', value: 1 });
      // No legal move: no best move.
      const mated = best.move!.play();
      const none = await engine.bestMove(mated, { depth: 3 });
      assert.equal(none.move, null);

      // Chess960: a game whose last move castles king-takes-rook, sent from its start.
      const rng = new Rng(testSeed(0x960));
      for (let i = 0; i < 4; i++) {
        const game = chess960GameWithCastling(rng);
        const after = game.moves.at(-1)!.play();
        const fen = makeFen(after, { castling: 'shredder' });
        const analysis = await lastLines(engine.analyse(game, { nodes: 5_000 }, { multiPv: 2 }));
        for (const info of analysis.values()) {
          assert.equal(info.pvError, undefined, info.raw);
          assert.ok(chessopsLegal(fen, info.pvUci), `${fen}: ${info.raw}`);
        }
        const move = await engine.bestMove(game, { nodes: 5_000 });
        assert.ok(move.move !== null && chessopsLegal(fen, [move.move.uci]), fen);
      }
      // Back to standard chess: castling as e1g1 again, the engine's mode switched back.
      const castle = readFen('r3k2r/pppq1ppp/2npbn2/2b1p3/2B1P3/2NPBN2/PPPQ1PPP/R3K2R w KQkq - 0 1');
      assert.ok(castle.ok);
      const standard = await lastLines(engine.analyse(castle.value, { nodes: 5_000 }, { multiPv: 3 }));
      for (const info of standard.values()) assert.equal(info.pvError, undefined, info.raw);

      // An infinite search ends at stop().
      const infinite = engine.analyse(Position.standard(), { infinite: true });
      let count = 0;
      const started = Date.now();
      for await (const info of infinite) {
        count++;
        if ((info.depth ?? 0) >= 4 || Date.now() - started > 300) infinite.stop();
      }
      assert.ok(count > 0);
      assert.ok((await infinite.result).move !== null);
      // Leaving the loop early stops the search too, and the engine is free again.
      for await (const info of engine.analyse(Position.standard(), { infinite: true })) if (info.depth !== undefined) break;
      assert.ok((await engine.bestMove(Position.standard(), { depth: 2 })).move !== null);
    } finally {
      await engine.quit();
    }
  });
}

test('two engines at once, of different programs, search side by side', { skip: realEngines().some((e) => e.path === undefined) && 'engines unavailable' }, async () => {
  const paths = realEngines().map((e) => e.path!);
  const engines = await Promise.all([...paths, paths[0]!].map((p) => UciEngine.start(p)));
  try {
    const results = await Promise.all(engines.map((e, i) => e.bestMove(Position.standard(), { depth: 6 + (i % 2) })));
    for (const r of results) assert.ok(r.move !== null && chessopsLegal(makeFen(Position.standard()), [r.move.uci]));
    assert.equal(new Set(engines.map((e) => e.pid)).size, engines.length);
  } finally {
    await Promise.all(engines.map((e) => e.quit()));
  }
});

test('an engine killed mid-search: the search fails as exited, with the signal', { skip: realEngines()[0]!.path === undefined && 'Stockfish unavailable' }, async () => {
  const engine = await UciEngine.start(realEngines()[0]!.path!);
  const analysis = engine.analyse(Position.standard(), { infinite: true });
  setTimeout(() => process.kill(engine.pid!, 'SIGKILL'), 200);
  await assert.rejects(
    (async () => {
      for await (const info of analysis) void info;
    })(),
    (e: unknown) => e instanceof UciEngineError && e.kind === 'exited' && e.signal === 'SIGKILL',
  );
  await assert.rejects(analysis.result, UciEngineError);
  await assert.rejects(engine.isReady(), (e: unknown) => e instanceof UciEngineError && e.kind === 'exited');
  await engine.quit(); // already gone: resolves
});

test('faults of fake engines and paths are typed errors', async () => {
  const fakes = writeFakeEngines();
  try {
    await assert.rejects(UciEngine.start(`${fakes.dir}/no-such-engine`), (e: unknown) => e instanceof UciEngineError && e.kind === 'notFound');
    await assert.rejects(UciEngine.start(fakes.dir), (e: unknown) => e instanceof UciEngineError && (e.kind === 'notExecutable' || e.kind === 'notFound'));

    const started = Date.now();
    await assert.rejects(UciEngine.start(fakes.path('mute'), { timeoutMs: 300 }), (e: unknown) => e instanceof UciEngineError && e.kind === 'timeout' && e.command === 'uci');
    assert.ok(Date.now() - started < 5_000);

    await assert.rejects(UciEngine.start(fakes.path('badOption')), (e: unknown) => e instanceof UciEngineError && e.kind === 'protocol' && e.line === 'option name Hash type spin default lots min 1 max 4');

    const garbage = await UciEngine.start(fakes.path('garbage'), { timeoutMs: 1_000 });
    assert.equal(garbage.id.name, 'Garbage');
    await assert.rejects(garbage.bestMove(Position.standard(), { depth: 1 }), (e: unknown) => e instanceof UciEngineError && e.kind === 'protocol' && e.line === 'info depth x score cp 12 pv e2e4');
    await garbage.isReady(); // the engine is usable again
    await garbage.quit();

    const illegalPv = await UciEngine.start(fakes.path('illegalPv'));
    const infos: UciInfo[] = [];
    for await (const info of illegalPv.analyse(Position.standard(), { depth: 1 })) infos.push(info);
    assert.equal(infos.length, 1);
    assert.deepEqual(infos[0]!.pv.map((m) => m.uci), ['e2e4']);
    assert.deepEqual(infos[0]!.pvUci, ['e2e4', 'e2e4', 'e7e5']);
    assert.equal(infos[0]!.pvError?.index, 1);
    assert.equal(infos[0]!.raw, 'info depth 1 score cp 30 nodes 5 pv e2e4 e2e4 e7e5');
    await illegalPv.quit();

    const illegalBest = await UciEngine.start(fakes.path('illegalBest'));
    await assert.rejects(illegalBest.bestMove(Position.standard(), { depth: 1 }), (e: unknown) => e instanceof UciEngineError && e.kind === 'protocol' && e.line === 'bestmove e2e5');
    await illegalBest.quit();

    const crash = await UciEngine.start(fakes.path('crash'));
    await assert.rejects(
      crash.bestMove(Position.standard(), { depth: 1 }),
      (e: unknown) => e instanceof UciEngineError && e.kind === 'exited' && e.code === 3 && e.stderr!.includes('assertion failed: board.cpp:42'),
    );
    await crash.quit();

    // A MultiPV above 1 needs the engine's option; Chess960 needs UCI_Chess960.
    const plain = await UciEngine.start(fakes.path('illegalBest'));
    assert.throws(() => plain.analyse(Position.standard(), { depth: 1 }, { multiPv: 0 }), RangeError);
    assert.throws(() => plain.analyse(Position.standard(), {}), RangeError);
    await assert.rejects(plain.bestMove(Position.chess960Start(0), { depth: 1 }), RangeError);
    await plain.quit();
  } finally {
    fakes.dispose();
  }
});
