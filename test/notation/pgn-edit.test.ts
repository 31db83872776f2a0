/**
 * Editing PGN trees and walking them (notation/pgn-edit.ts, pgn-path.ts, pgn-cursor.ts). Random
 * edit sequences are applied to our tree and to a chessops tree (an independent model: a node
 * with a plain list of children, where the edits are one-line list operations); after each edit
 * both hold the same moves in the same order, and the paths our edits return name the node the
 * chessops model says. The edited tree written as PGN reads back as itself through our reader
 * and as the same tree through chessops' parser; chessops' own PGN of its tree reads back through
 * ours as that tree.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChildNode, makePgn as opsMakePgn, parsePgn as opsParsePgn, type Game, type Node, type PgnNodeData } from 'chessops/pgn';
import { Chess } from 'chessops/chess';
import { makeFen as opsMakeFen } from 'chessops/fen';
import { makeSan as opsMakeSan, parseSan as opsParseSan } from 'chessops/san';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { newMove, type PgnGame, type PgnMove } from '../../src/notation/pgn-game.js';
import { parsePgn } from '../../src/notation/pgn-read.js';
import { makePgn } from '../../src/notation/pgn-write.js';
import { makeSan } from '../../src/notation/san.js';
import { addVariation, deleteVariation, promoteToMain, promoteToMainline, promoteVariation } from '../../src/notation/pgn-edit.js';
import { nodeAt, parsePath, pathToString, type PgnPath } from '../../src/notation/pgn-path.js';
import { PgnCursor } from '../../src/notation/pgn-cursor.js';
import { testSeed } from '../helpers.js';
import { assertReadsBackAs } from './pgn-same-tree.js';

const read = (text: string): PgnGame => {
  const [game] = parsePgn(text);
  assert.ok(game?.ok, text);
  return game.value;
};
const body = (game: PgnGame): string => makePgn(game, { width: Infinity }).split('\n\n')[1]!.trim();
const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) assert.fail(JSON.stringify(r.error));
  return r.value;
};

/** Our tree as chessops sees it: a node's children are the next move, then every alternative to it, depth first. */
function children(line: readonly PgnMove[], at: number): { move: PgnMove; line: readonly PgnMove[]; at: number }[] {
  if (at >= line.length) return [];
  const out = [{ move: line[at]!, line, at }];
  for (const v of line[at]!.variations) out.push(...children(v, 0));
  return out;
}

function sameMoves(ours: readonly PgnMove[], at: number, theirs: Node<PgnNodeData>, where: string): void {
  const kids = children(ours, at);
  assert.deepEqual(kids.map((k) => k.move.san), theirs.children.map((c) => c.data.san), where);
  kids.forEach((k, i) => sameMoves(k.line, k.at + 1, theirs.children[i]!, `${where} ${k.move.san}`));
}

test('addVariation continues a line at its end, adds an alternative elsewhere, follows moves already there', () => {
  const game = read('1. e4 e5 2. Nf3 *');
  assert.deepEqual(must(addVariation(game, [0, 0, 0], ['Nc6', 'Bb5'])), [0, 0, 0, 0, 0]);
  assert.deepEqual(must(addVariation(game, [0], ['c5', 'Nf3', 'd6'])), [0, 1, 0, 0]);
  assert.equal(body(game), '1. e4 e5 ( 1... c5 2. Nf3 d6 ) 2. Nf3 Nc6 3. Bb5 *');
  // Moves already in the tree are followed, compared as moves, not texts.
  assert.deepEqual(must(addVariation(game, [], ['e4', 'c5', 'Nf3', 'Nc6'])), [0, 1, 0, 1]);
  assert.deepEqual(must(addVariation(game, [], 'e4')), [0]);
  assert.equal(body(game), '1. e4 e5 ( 1... c5 2. Nf3 d6 ( 2... Nc6 ) ) 2. Nf3 Nc6 3. Bb5 *');
  // At the start, a new first move; SAN stored as makeSan writes it; a Move and a null move too.
  const start = must(PgnCursor.at(game)).position;
  const d4 = start.legalMoves().find((m) => m.uci === 'd2d4')!;
  assert.deepEqual(must(addVariation(game, [], [d4, '--', 'Ng1f3'])), [1, 0, 0]);
  assert.match(body(game), /^1\. e4 \( 1\. d4 -- 2\. Nf3 \) 1\.\.\. e5 /);
  assertReadsBackAs(read(makePgn(game)), game, 'edited');
});

test('bad edits are typed errors and change nothing: illegal, ambiguous or broken SAN, a foreign Move, a missing path', () => {
  const game = read('[FEN "4k3/8/8/8/8/8/4K3/R6R w - - 0 1"]\n\n1. Kd2 Kd7 *');
  const before = makePgn(game);
  const bad = (r: ReturnType<typeof addVariation>, kind: string, path: PgnPath, san: string | null): void => {
    assert.ok(!r.ok);
    assert.equal(r.error.kind, kind, r.error.message);
    assert.deepEqual(r.error.path, path);
    assert.equal(r.error.san, san);
    assert.equal(makePgn(game), before, 'tree unchanged');
  };
  bad(addVariation(game, [0], ['Kd8', 'Ra8', 'Ke5']), 'illegal', [0], 'Ke5');
  bad(addVariation(game, [0, 0], ['R1']), 'syntax', [0, 0], 'R1');
  bad(addVariation(game, [], ['Rd1']), 'ambiguous', [], 'Rd1');
  bad(addVariation(game, [0, 1], ['Kd3']), 'path', [0], null);
  bad(addVariation(game, [0, 0, 0], ['Kd3']), 'path', [0, 0], null);
  bad(addVariation(game, [-1], ['Kd3']), 'path', [], null);
  const other = must(readFen('8/8/8/8/8/8/8/K1k5 w - - 0 1')).legalMoves()[0]!;
  bad(addVariation(game, [], [other]), 'illegal', [], makeSan(other));
  for (const edit of [promoteVariation, promoteToMain, promoteToMainline, deleteVariation]) {
    const r = edit(game, [0, 3]);
    assert.ok(!r.ok);
    assert.equal(r.error.kind, 'path');
    assert.deepEqual(r.error.path, [0]);
  }
  for (const edit of [promoteVariation, promoteToMain, deleteVariation]) assert.equal(must2(edit(game, [])), 'path');
  assert.equal(makePgn(game), before);
  // A game whose tags give no position, and a tree built by hand with a move that does not play.
  const g960: PgnGame = { tags: [['Variant', 'Chess960']], comments: [], moves: [], result: '*' };
  assert.equal(must2(addVariation(g960, [], 'e4')), 'fen');
  const hand: PgnGame = { tags: [], comments: [], moves: [newMove('e4'), newMove('Ke7'), newMove('Nf3')], result: '*' };
  const r = PgnCursor.at(hand, [0, 0, 0]);
  assert.ok(!r.ok);
  assert.deepEqual([r.error.kind, r.error.path, r.error.san], ['illegal', [0], 'Ke7']);
});

const must2 = (r: { ok: true } | { ok: false; error: { kind: string } }): string => (r.ok ? 'ok' : r.error.kind);

test('promoteVariation moves up one place, promoteToMain to the front, promoteToMainline onto the mainline; deleteVariation', () => {
  const game = read('1. e4 e5 ( 1... c5 2. Nf3 ( 2. Nc3 ) ( 2. c3 ) ) ( 1... e6 ) 2. Nf3 *');
  assert.deepEqual(must(promoteVariation(game, [0, 2])), [0, 1]);
  assert.equal(body(game), '1. e4 e5 ( 1... e6 ) ( 1... c5 2. Nf3 ( 2. Nc3 ) ( 2. c3 ) ) 2. Nf3 *');
  assert.deepEqual(must(promoteVariation(game, [0, 0])), [0, 0], 'the main continuation stays');
  assert.deepEqual(must(promoteVariation(game, [0, 1])), [0, 0]);
  assert.equal(body(game), '1. e4 e6 ( 1... e5 2. Nf3 ) ( 1... c5 2. Nf3 ( 2. Nc3 ) ( 2. c3 ) ) *');
  assert.deepEqual(must(promoteToMainline(game, [0, 2, 2])), [0, 0, 0]);
  assert.equal(body(game), '1. e4 c5 ( 1... e6 ) ( 1... e5 2. Nf3 ) 2. c3 ( 2. Nf3 ) ( 2. Nc3 ) *');
  assert.deepEqual(must(promoteToMain(game, [0, 1])), [0, 0]);
  assert.equal(body(game), '1. e4 e6 ( 1... c5 2. c3 ( 2. Nf3 ) ( 2. Nc3 ) ) ( 1... e5 2. Nf3 ) *');
  assert.deepEqual(must(deleteVariation(game, [0, 1, 1])), [0, 1]);
  assert.deepEqual(must(deleteVariation(game, [0, 0])), [0], 'the main continuation: its first alternative takes its place');
  assert.equal(body(game), '1. e4 c5 ( 1... e5 2. Nf3 ) 2. c3 ( 2. Nc3 ) *');
  assert.deepEqual(must(deleteVariation(game, [0])), []);
  assert.equal(body(game), '*');
  assertReadsBackAs(read(makePgn(game)), game, 'emptied');
});

test('comments before a move move to the move before when it becomes a main continuation, and the tree reads back', () => {
  const game = read('{ intro } 1. e4 { good } ( { or } 1. d4 { also } ) 1... e5 ( { sharp } 1... c5 ) *');
  assert.deepEqual(must(promoteVariation(game, [0, 1])), [0, 0]);
  assert.equal(body(game), '{intro} 1. e4 {good} {sharp} ( {or} 1. d4 {also} ) 1... c5 ( 1... e5 ) *');
  assertReadsBackAs(read(makePgn(game)), game, 'promoted mid-line');
  must(promoteToMain(game, [1]));
  assert.equal(body(game), '{intro} {or} 1. d4 {also} ( 1. e4 {good} {sharp} 1... c5 ( 1... e5 ) ) *');
  assertReadsBackAs(read(makePgn(game)), game, 'promoted at the start');
  const [theirs] = opsParsePgn(makePgn(game));
  sameMoves(game.moves, 0, theirs!.moves, 'chessops');
});

test('paths as text; nodeAt; the cursor walks forward, back, to the start and the end, and to a stored path', () => {
  assert.deepEqual(must(parsePath('0.12.0')), [0, 12, 0]);
  assert.deepEqual(must(parsePath('')), []);
  for (const bad of ['0.', '.1', 'a', '0..1', '-1', ' 0']) assert.equal(must2(parsePath(bad)), 'path', bad);
  assert.equal(pathToString([0, 2, 0]), '0.2.0');
  const game = read('1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6 *');
  assert.equal(must(nodeAt(game, [0, 1, 0])).san, 'Nf3');
  assert.equal(must2(nodeAt(game, [])), 'path');
  const cursor = must(PgnCursor.at(game));
  assert.equal(cursor.node, undefined);
  assert.equal(cursor.move, undefined);
  assert.equal(cursor.back(), false);
  assert.ok(cursor.forward());
  assert.deepEqual(cursor.children().map((m) => m.san), ['e5', 'c5']);
  assert.ok(cursor.forward(1));
  assert.equal(moveOf(cursor)?.uci, 'c7c5');
  assert.equal(cursor.forward(1), false, 'no second alternative');
  cursor.toEnd();
  assert.equal(cursor.pathText, '0.1.0');
  assert.equal(makeFen(cursor.position), 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2');
  const stored = cursor.pathText;
  cursor.toStart();
  assert.equal(cursor.ply, 0);
  cursor.toEnd();
  assert.equal(cursor.pathText, '0.0.0.0');
  assert.ok(cursor.back());
  assert.equal(nodeOf(cursor)?.san, 'Nf3');
  assert.deepEqual(must(cursor.goto(must(parsePath(stored)))), [0, 1, 0]);
  assert.equal(must2(cursor.goto([0, 5])), 'path');
  assert.equal(cursor.pathText, stored, 'a failed goto leaves the cursor');
  // play follows a move the tree has, adds one it has not, refuses an illegal one.
  cursor.toStart();
  assert.deepEqual(must(cursor.play('e4')), [0]);
  assert.deepEqual(must(cursor.play('d5')), [0, 2]);
  assert.equal(must2(cursor.play('Kd2')), 'illegal');
  assert.deepEqual(cursor.path, [0, 2]);
  assert.equal(body(game), '1. e4 e5 ( 1... c5 2. Nf3 ) ( 1... d5 ) 2. Nf3 Nc6 *');
});

// Read through functions: TypeScript would keep the narrowing of the asserts before the moves.
const moveOf = (c: PgnCursor) => c.move;
const nodeOf = (c: PgnCursor) => c.node;

const NESTED = '1. e4 ( 1. d4 ( 1. c4 e5 ( 1... c5 ) ) d5 ) 1... e5 ( 1... c5 ( 1... e6 2. d4 ) ) 2. Nf3 ( 2. Bc4 ( 2. Nc3 ) ) *';

/** chessops' tree and position at a path. */
function opsAt(game: Game<PgnNodeData>, path: PgnPath): { node: Node<PgnNodeData>; pos: Chess } {
  let node: Node<PgnNodeData> = game.moves;
  const pos = Chess.default();
  for (const i of path) {
    const child: ChildNode<PgnNodeData> = node.children[i]!;
    pos.play(opsParseSan(pos, child.data.san)!);
    node = child;
  }
  return { node, pos };
}

/** A random path to a node of chessops' tree (the start when `move` is false). */
function randomPath(rng: Rng, game: Game<PgnNodeData>, move: boolean): PgnPath | undefined {
  const path: number[] = [];
  let node: Node<PgnNodeData> = game.moves;
  while (node.children.length > 0 && (path.length === 0 ? move || rng.below(4) > 0 : rng.below(6) > 0)) {
    const i = rng.below(node.children.length);
    path.push(i);
    node = node.children[i]!;
  }
  return move && path.length === 0 ? undefined : path;
}

test('random edit sequences: our tree equals the chessops model after each edit, and both read back', () => {
  const rng = new Rng(testSeed(40));
  let edits = 0;
  for (let round = 0; round < 60; round++) {
    // Half the rounds start from a read tree, with variations nested as the reader nests them.
    const text = round % 2 === 0 ? '*' : NESTED;
    const ours = read(text);
    const theirs = opsParsePgn(text, () => new Map())[0]!;
    for (let step = 0; step < 40; step++) {
      const op = rng.below(10);
      if (op < 5) {
        const path = randomPath(rng, theirs, false)!;
        const { node, pos } = opsAt(theirs, path);
        const sans: string[] = [];
        let opsNode: Node<PgnNodeData> = node;
        let following = true;
        const expected = [...path];
        for (let n = 1 + rng.below(3); n > 0; n--) {
          const moves = [...pos.allDests()].flatMap(([from, tos]) => [...tos].map((to) => ({ from, to })));
          if (moves.length === 0) break;
          const m = moves[rng.below(moves.length)]!;
          const piece = pos.board.get(m.from)!;
          const promo = piece.role === 'pawn' && (m.to >> 3 === 7 || m.to >> 3 === 0) ? { promotion: 'queen' as const } : {};
          const san = opsMakeSan(pos, { ...m, ...promo });
          sans.push(san);
          // The model: follow a child with this move while there is one, then add the rest as a new last child.
          const k = following ? opsNode.children.findIndex((c) => c.data.san === san) : -1;
          if (k >= 0) {
            expected.push(k);
            opsNode = opsNode.children[k]!;
          } else {
            following = false;
            expected.push(opsNode.children.length);
            const child = new ChildNode<PgnNodeData>({ san });
            opsNode.children.push(child);
            opsNode = child;
          }
          pos.play(opsParseSan(pos, san)!);
        }
        if (sans.length === 0) continue;
        assert.deepEqual(must(addVariation(ours, path, sans)), expected, `add ${sans.join(' ')} at ${pathToString(path)}`);
      } else {
        const path = randomPath(rng, theirs, true);
        if (path === undefined) continue;
        const parent = opsAt(theirs, path.slice(0, -1)).node.children;
        const k = path[path.length - 1]!;
        let expected: PgnPath;
        if (op < 7) {
          expected = [...path.slice(0, -1), Math.max(0, k - 1)];
          if (k > 0) [parent[k - 1], parent[k]] = [parent[k]!, parent[k - 1]!];
          assert.deepEqual(must(promoteVariation(ours, path)), expected);
        } else if (op === 7) {
          // python-chess promote_to_main at each node on the way.
          let node: Node<PgnNodeData> = theirs.moves;
          for (const i of path) {
            const [c] = node.children.splice(i, 1);
            node.children.unshift(c!);
            node = c!;
          }
          assert.deepEqual(must(rng.below(2) === 0 || path.length > 1 ? promoteToMainline(ours, path) : promoteToMain(ours, path)), path.map(() => 0));
        } else {
          parent.splice(k, 1);
          assert.deepEqual(must(deleteVariation(ours, path)), path.slice(0, -1));
        }
      }
      edits++;
      sameMoves(ours.moves, 0, theirs.moves, `round ${round} step ${step}`);
    }
    // Every node's position, by our cursor, is chessops' by its moves.
    const walk = (path: number[]): void => {
      const { node, pos } = opsAt(theirs, path);
      assert.equal(makeFen(must(PgnCursor.at(ours, path)).position), opsMakeFen(pos.toSetup()), pathToString(path));
      node.children.forEach((_, i) => walk([...path, i]));
    };
    walk([]);
    assertReadsBackAs(read(makePgn(ours)), ours, `round ${round}`);
    const [back] = opsParsePgn(makePgn(ours));
    sameMoves(ours.moves, 0, back!.moves, `round ${round}, read by chessops`);
    const ourRead = read(opsMakePgn(theirs));
    sameMoves(ourRead.moves, 0, theirs.moves, `round ${round}, chessops' PGN read by us`);
  }
  assert.ok(edits >= 1500, `${edits} edits`);
});

