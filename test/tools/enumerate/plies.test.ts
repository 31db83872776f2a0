import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Chess as ChessopsChess } from 'chessops/chess';
import { makeFen as chessopsFen, parseFen as chessopsParse } from 'chessops/fen';
import { pawnAttacks } from 'chessops/attacks';
import { parseUci as chessopsUci } from 'chessops/util';
import type { Position as ChessopsPosition } from 'chessops/chess';
import { Position } from '../../../src/chess/position.js';
import { readFen } from '../../../src/notation/fen.js';
import { parseUci } from '../../../src/notation/uci.js';
import { readLines } from '../../../src/node/data.js';
import { MAX_MOVES_ANY } from '../../../src/chess/move.js';
import { capacityFor } from '../../../src/tools/enumerate/entry-set.js';
import { EMIT_KEYS, EMIT_RECORDS, Expander } from '../../../src/tools/enumerate/expand.js';
import { hasLegalEp, identityCode, IDENTITIES, type Identity } from '../../../src/tools/enumerate/identity.js';
import { enumeratePlies, expandLevel, MAX_LOAD, perftFromLevel, rootLevel } from '../../../src/tools/enumerate/plies.js';
import { fixturePath } from '../../data.js';

// Ground truth from docs/rules/enumeration.md §2.1 (OEIS A048987, A083276, A057745, A019319, A209433
// and the independent C enumerator's FEN-style, first-reached and within-n counts).
const PERFT = [1, 20, 400, 8902, 197281, 4865609];
const EXACT: Record<Identity, number[]> = {
  fide: [1, 20, 400, 5362, 72078, 822518],
  'pseudo-ep': [1, 20, 400, 5362, 72078, 822518],
  fen: [1, 20, 400, 7602, 101240, 1244414],
  diagram: [1, 20, 400, 5362, 71852, 815677],
};
const FIRST_FIDE = [1, 20, 400, 5362, 72013, 821016];
const WITHIN_FIDE = [1, 21, 421, 5783, 77796, 898812];
const FIRST_DIAGRAM = [1, 20, 400, 5202, 69731, 766337];

for (const identity of IDENTITIES) {
  test(`start position, ${identity}: distinct positions after n ≤ 5 plies, paths = perft`, () => {
    const r = enumeratePlies(Position.standard(), 5, { identity, within: identity === 'fide' || identity === 'diagram' });
    assert.deepEqual(r.levels.map((l) => l.positions), EXACT[identity]);
    assert.deepEqual(r.levels.map((l) => l.paths), PERFT);
    if (identity === 'fide') {
      assert.deepEqual(r.levels.map((l) => l.firstReached), FIRST_FIDE);
      assert.deepEqual(r.levels.map((l) => l.within), WITHIN_FIDE);
    }
    if (identity === 'diagram') assert.deepEqual(r.levels.map((l) => l.firstReached), FIRST_DIAGRAM);
  });
}

test('perft(n + k) = Σ multiplicity × perft(k) over the distinct positions after n plies', () => {
  const r3 = enumeratePlies(Position.standard(), 3, { keepLast: true });
  assert.equal(perftFromLevel(r3.last, 2), PERFT[5]);
  const r2 = enumeratePlies(Position.standard(), 2, { keepLast: true, identity: 'fen' });
  assert.equal(perftFromLevel(r2.last, 3), PERFT[5]);
  // Kiwipete: D4 4085603 from the perft suite.
  const kiwi = readFen('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1');
  assert.ok(kiwi.ok);
  const rk = enumeratePlies(kiwi.value, 2, { keepLast: true });
  assert.equal(perftFromLevel(rk.last, 2), 4085603);
  // Without keepLast the last level holds 128-bit keys, not positions: refused, not read as records.
  assert.throws(() => perftFromLevel(enumeratePlies(Position.standard(), 1).last, 1), /needs a level of records \(keepLast\)/);
});

/** Identity key of a chessops position, written independently of our code. */
function chessopsKey(pos: ChessopsPosition, identity: Identity): string {
  const fields = chessopsFen(pos.toSetup()).split(' ');
  if (identity === 'diagram') return fields[0]!;
  // toSetup() writes the en-passant square only when a legal capture exists (FIDE).
  if (identity === 'fide') return fields.slice(0, 4).join(' ');
  const ep = pos.epSquare;
  let epText = '-';
  if (ep !== undefined) {
    const attackers = pos.board.pieces(pos.turn, 'pawn').intersect(pawnAttacks(pos.turn === 'white' ? 'black' : 'white', ep));
    if (identity === 'fen' || attackers.nonEmpty()) epText = 'abcdefgh'[ep & 7]! + String((ep >> 3) + 1);
  }
  return [...fields.slice(0, 3), epText].join(' ');
}

/** Distinct positions per ply by a plain BFS over chessops positions and string keys. */
function chessopsLevels(fen: string, plies: number, identity: Identity): number[] {
  const setup = chessopsParse(fen).unwrap();
  let level: ChessopsPosition[] = [ChessopsChess.fromSetup(setup).unwrap()];
  const counts = [1];
  for (let ply = 1; ply <= plies; ply++) {
    const next = new Map<string, ChessopsPosition>();
    const counted = new Set<string>();
    for (const pos of level) {
      for (const [from, dests] of pos.allDests()) {
        for (const to of dests) {
          const promos = pos.board.getRole(from) === 'pawn' && (to >> 3 === 0 || to >> 3 === 7) ? (['queen', 'rook', 'bishop', 'knight'] as const) : [undefined];
          for (const promotion of promos) {
            const child = pos.clone();
            child.play(promotion === undefined ? { from, to } : { from, to, promotion });
            // Expand by the full FEN identity (a finer one loses nothing), count by the asked one.
            const full = chessopsKey(child, 'fen');
            if (!next.has(full)) next.set(full, child);
            counted.add(chessopsKey(child, identity));
          }
        }
      }
    }
    level = [...next.values()];
    counts.push(counted.size);
  }
  return counts;
}

test('identities agree with a chessops BFS on the perft suite (castling, en passant, promotions)', async () => {
  const fens: string[] = [];
  for await (const line of readLines(fixturePath('perft', 'perftsuite.epd'))) {
    if (line.trim() !== '') fens.push(line.split(';')[0]!.trim());
  }
  // Kiwipete, en-passant-rich and promotion-rich lines, plus a few more spread over the file.
  const picks = [fens[1]!, ...fens.filter((f) => /\/8\/|p/.test(f)).filter((_, i) => i % 17 === 3).slice(0, 6)];
  for (const fen of picks) {
    const pos = readFen(fen);
    assert.ok(pos.ok, fen);
    for (const identity of IDENTITIES) {
      const plies = fen === fens[1] ? 2 : 3;
      const ours: number[] = enumeratePlies(pos.value, plies, { identity }).levels.map((l) => l.positions);
      assert.deepEqual(ours, chessopsLevels(fen, plies, identity), `${identity} ${fen}`);
    }
  }
});

test('the pseudo-legal en-passant family that separates A057745 from A083276 (1.f4 e6 2.Kf2 Qf6 3.f5 g5)', () => {
  // After g7-g5, fxg6 e.p. is pseudo-legal but illegal (the f-pawn is pinned by the queen on f6).
  let pos = Position.standard();
  for (const uci of ['f2f4', 'e7e6', 'e1f2', 'd8f6', 'f4f5', 'g7g5']) {
    const move = parseUci(pos, uci);
    assert.ok(move.ok, uci);
    pos = move.value.play();
  }
  assert.equal(pos.epSquare, 46);
  const fide = enumeratePlies(pos, 0, { identity: 'fide' }).last;
  const pseudo = enumeratePlies(pos, 0, { identity: 'pseudo-ep' }).last;
  const epOf = (set: typeof fide): number => {
    let ep = -2;
    set.forEach((b) => (ep = ((set.data[b + 8]! >> 1) & 127) - 1));
    return ep;
  };
  const fideEp = epOf(fide);
  const pseudoEp = epOf(pseudo);
  assert.equal(fideEp, -1);
  assert.equal(pseudoEp, 46);
  // One ply on, both identities count the 23 moves of pos alike: distinct moves from one position
  // give distinct placements, so no two children can merge whatever the e.p. rule.
  assert.equal(enumeratePlies(pos, 1, { identity: 'fide' }).levels[1]!.positions, 23);
  assert.equal(enumeratePlies(pos, 1, { identity: 'pseudo-ep' }).levels[1]!.positions, 23);

  // The identities part where two paths meet. From 1.f4 e6 2.Kf2 (black to move), 2…Qf6 3.f5 g5
  // reaches pos, with g6 kept by the pseudo-legal rule, and 2…g5 3.f5 Qf6 the same placement with
  // no e.p. square (chessops, below): FIDE counts one position, the pseudo-legal rule two.
  const before = 'rnbqkbnr/pppp1ppp/4p3/8/5P2/8/PPPPPKPP/RNBQ1BNR b kq - 1 2';
  const [viaQueen, viaPawn] = [['d8f6', 'f4f5', 'g7g5'], ['g7g5', 'f4f5', 'd8f6']].map((ucis) => {
    const ref = ChessopsChess.fromSetup(chessopsParse(before).unwrap()).unwrap();
    for (const uci of ucis) ref.play(chessopsUci(uci)!);
    return ref;
  });
  assert.equal(chessopsKey(viaQueen!, 'fide'), chessopsKey(viaPawn!, 'fide'));
  assert.notEqual(chessopsKey(viaQueen!, 'pseudo-ep'), chessopsKey(viaPawn!, 'pseudo-ep'));
  const start = readFen(before);
  assert.ok(start.ok);
  const counts = (identity: Identity): number[] => enumeratePlies(start.value, 3, { identity }).levels.map((l) => l.positions);
  const fideCounts = counts('fide');
  const pseudoCounts = counts('pseudo-ep');
  // Both against the chessops BFS, whose pseudo-ep key keeps the square whenever a pawn attacks it.
  assert.deepEqual(fideCounts, chessopsLevels(before, 3, 'fide'));
  assert.deepEqual(pseudoCounts, chessopsLevels(before, 3, 'pseudo-ep'));
  assert.deepEqual(fideCounts, [1, 30, 679, 12095]);
  // Three plies on, that pair is the only placement the two rules count differently.
  assert.equal(pseudoCounts[3]! - fideCounts[3]!, 1);
});

test('the e.p. square stays in the identity when en passant is the only legal move (chessops keeps it too)', () => {
  // Black: Kh5 hemmed in by its own pawns, g4 guarded by h3 and h4 by the knight; g2-g4 gave
  // check and f4xg3 e.p. is the one answer. The second is the same with colours reversed.
  for (const fen of ['8/8/6pp/6pk/5pP1/5N1P/8/K7 b - g3 0 1', 'k7/8/5n1p/5Pp1/6PK/6PP/8/8 w - g6 0 1']) {
    const ref = ChessopsChess.fromSetup(chessopsParse(fen).unwrap()).unwrap();
    const refTargets = [...ref.allDests()].flatMap(([, dests]) => [...dests]);
    assert.deepEqual(refTargets, [ref.epSquare], fen);
    const refEp = chessopsFen(ref.toSetup()).split(' ')[3];
    const pos = readFen(fen);
    assert.ok(pos.ok, fen);
    assert.equal(hasLegalEp(pos.value.words, 0), refEp !== '-', fen);
    for (const identity of IDENTITIES) {
      const level = enumeratePlies(pos.value, 0, { identity, keepLast: true }).last;
      let ep = -2;
      level.forEach((b) => (ep = ((level.data[b + 8]! >> 1) & 127) - 1));
      assert.equal(ep === -1 ? '-' : 'abcdefgh'[ep & 7]! + String((ep >> 3) + 1), refEp, `${identity} ${fen}`);
    }
  }
});

/** Move paths per ply by a chessops BFS with exact (BigInt) multiplicities. */
function chessopsPaths(fen: string, plies: number): bigint[] {
  let level = new Map<string, { pos: ChessopsPosition; mult: bigint }>([['', { pos: ChessopsChess.fromSetup(chessopsParse(fen).unwrap()).unwrap(), mult: 1n }]]);
  const paths = [1n];
  for (let ply = 1; ply <= plies; ply++) {
    const next = new Map<string, { pos: ChessopsPosition; mult: bigint }>();
    for (const { pos, mult } of level.values()) {
      for (const [from, dests] of pos.allDests()) {
        for (const to of dests) {
          const child = pos.clone();
          child.play({ from, to });
          const key = chessopsKey(child, 'fen');
          const seen = next.get(key);
          if (seen === undefined) next.set(key, { pos: child, mult });
          else seen.mult += mult;
        }
      }
    }
    level = next;
    paths.push([...next.values()].reduce((s, e) => s + e.mult, 0n));
  }
  return paths;
}

test('move paths past 2^53 are refused with a RangeError naming the ply, not printed rounded (two bare kings: 3612 positions, paths ×6.8 a ply)', () => {
  const fen = '8/8/8/4k3/8/8/8/4K3 w - - 0 1';
  const pos = readFen(fen);
  assert.ok(pos.ok);
  const ref = chessopsPaths(fen, 20);
  // Up to ply 19 every count is below 2^53 and exact, equal to the reference.
  assert.ok(ref[19]! <= BigInt(Number.MAX_SAFE_INTEGER) && ref[20]! > BigInt(Number.MAX_SAFE_INTEGER));
  assert.deepEqual(enumeratePlies(pos.value, 19).levels.map((l) => BigInt(l.paths)), ref.slice(0, 20));
  assert.throws(() => enumeratePlies(pos.value, 20), (e: unknown) => e instanceof RangeError && /ply 20.*2\^53/.test(e.message));
  assert.throws(() => enumeratePlies(pos.value, 40), (e: unknown) => e instanceof RangeError && /ply 20.*2\^53/.test(e.message));
});

test('Chess960: distinct positions agree with the chessops BFS (start positions and fischer.epd middlegames, castling to either side)', async () => {
  const fens: string[] = [];
  for await (const line of readLines(fixturePath('perft', 'fischer.epd'))) {
    if (line.trim() !== '') fens.push(line.split(';')[0]!.trim());
  }
  // Two start positions (X-FEN KQkq with the king off e), then middlegames with Shredder-FEN rights.
  const picks = ['rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1', 'bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1', ...fens.filter((_, i) => i % 23 === 0).slice(0, 5)];
  for (const fen of picks) {
    const pos = readFen(fen);
    assert.ok(pos.ok, fen);
    for (const identity of ['fide', 'fen'] as const) {
      assert.deepEqual(enumeratePlies(pos.value, 3, { identity }).levels.map((l) => l.positions), chessopsLevels(fen, 3, identity), `${identity} ${fen}`);
    }
  }
});

test('a level whose size was underestimated grows by doubling, to at most twice the capacity its positions need', () => {
  // An estimate of 16 makes the set outgrow its table while the level is expanded. The load limit
  // must follow each doubling; kept at the old table's, the set would double again after every
  // later parent (found by mutation: the counts stayed right, so no test saw it).
  const fide = identityCode('fide');
  const expander = new Expander(fide);
  let level = rootLevel(Position.standard(), fide);
  for (let ply = 1; ply <= 4; ply++) {
    const { set } = expandLevel(level, expander, ply < 4 ? EMIT_RECORDS : EMIT_KEYS, 16);
    assert.equal(set.count, EXACT.fide[ply], `ply ${ply}`);
    assert.ok(set.capacity <= 2 * capacityFor(set.count + MAX_MOVES_ANY, MAX_LOAD), `ply ${ply}: ${set.capacity} slots for ${set.count} positions`);
    level = set;
  }
});
