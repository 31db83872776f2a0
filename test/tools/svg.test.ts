/**
 * SVG diagrams, read back by an independent XML parser (Python's ElementTree) from their
 * geometry alone — which square each `<use>` covers — and compared with chessops' board, or with
 * the Paco Ŝako FEN letters as the rules doc lists them (§1.12).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { svgCommand } from '../../src/cli/commands/svg.js';
import { Position } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { readText, sharedPath } from '../../src/node/data.js';
import { boardSvg, chessDiagram, pacoDiagram, type DiagramOptions, type DiagramPiece } from '../../src/tools/svg/index.js';
import { parsePacoFen } from '../../src/variants/paco/fen.js';
import { epdFens, runCommand, testSeed } from '../helpers.js';

function position(fen: string): Position {
  const r = readFen(fen);
  assert.ok(r.ok, fen);
  return r.value;
}

function hasPython(): boolean {
  try {
    execFileSync('python3', ['-c', 'import xml.etree.ElementTree'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
const noPython = hasPython() ? false : 'python3 is not installed';

/**
 * Python reads each diagram: the board's square size from its `<rect>`s, the margin from the
 * width, then every `<use>`'s centre → the square under it (given the orientation), and the glyph
 * it shows. Returns per diagram a map square name → sorted glyph ids, and the `data-square`s.
 */
interface Readback {
  readonly squares: Record<string, string[]>;
  readonly labelsAgree: boolean;
  readonly highlights: string[];
  readonly check: string[];
  readonly arrowTips: string[];
}
function readBack(diagrams: { svg: string; flipped: boolean }[]): Readback[] {
  const dir = mkdtempSync(join(tmpdir(), 'caissa-svg-'));
  const input = join(dir, 'in.json');
  writeFileSync(input, JSON.stringify(diagrams));
  const script = `
import json, sys, xml.etree.ElementTree as ET
NS = '{http://www.w3.org/2000/svg}'
XL = '{http://www.w3.org/1999/xlink}href'
out = []
for d in json.load(open(sys.argv[1])):
    root = ET.fromstring(d['svg'])
    width = float(root.get('width'))
    board = [r for r in root.iter(NS + 'rect') if r.get('fill', '').startswith('#') and r.get('fill-opacity') is None]
    s = float(board[0].get('width'))
    margin = width - 8 * s
    def square(cx, cy):
        col, row = int((cx - margin) // s), int(cy // s)
        f, r = (7 - col, row) if d['flipped'] else (col, 7 - row)
        return 'abcdefgh'[f] + str(r + 1)
    squares, agree = {}, True
    for u in root.iter(NS + 'use'):
        w = float(u.get('width'))
        sq = square(float(u.get('x')) + w / 2, float(u.get('y')) + w / 2)
        href = u.get('href')
        agree = agree and href == u.get(XL) and sq == u.get('data-square')
        squares.setdefault(sq, []).append(href.lstrip('#'))
    def rects(pred):
        return sorted(square(float(r.get('x')) + s / 2, float(r.get('y')) + s / 2) for r in root.iter(NS + 'rect') if pred(r))
    tips = []
    for p in root.iter(NS + 'polygon'):
        pts = [tuple(map(float, q.split(','))) for q in p.get('points').split()]
        tips.append(square(*pts[3]))
    out.append({'squares': {k: sorted(v) for k, v in squares.items()}, 'labelsAgree': agree,
                'highlights': rects(lambda r: r.get('fill-opacity') is not None),
                'check': rects(lambda r: r.get('class') == 'check'), 'arrowTips': tips})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, input], { encoding: 'utf8', maxBuffer: 1 << 28 })) as Readback[];
}

/** chessops' board: square name → glyph id. */
function chessopsBoard(fen: string): Record<string, string[]> {
  const pos = Chess.fromSetup(opsParseFen(fen).unwrap()).unwrap();
  const out: Record<string, string[]> = {};
  for (const [sq, piece] of pos.board) out['abcdefgh'[sq & 7]! + String((sq >> 3) + 1)] = [`${piece.color}-${piece.role}`];
  return out;
}

/** Positions from the shared EPD files and random play from them. */
function samplePositions(count: number): { fen: string; pos: Position }[] {
  const rng = new Rng(testSeed(2026));
  const out: { fen: string; pos: Position }[] = [];
  for (const fen of [...epdFens('endgames.epd.gz', count / 4), ...epdFens('UHO_4060_v3.epd.gz', count / 4)]) {
    const r = readFen(fen);
    if (!r.ok) continue;
    let pos = r.value;
    out.push({ fen: makeFen(pos), pos });
    for (let i = 0; i < 6; i++) {
      const moves = pos.legalMoves();
      if (moves.length === 0) break;
      pos = moves[rng.below(moves.length)]!.play();
    }
    out.push({ fen: makeFen(pos), pos });
  }
  return out;
}

test('chess diagrams show every piece on its square, both orientations, any size (read back by Python, compared with chessops)', { skip: noPython }, () => {
  const positions = samplePositions(400);
  const diagrams = positions.map(({ pos }, i) => {
    const flipped = i % 2 === 1;
    return { svg: chessDiagram(pos, { orientation: flipped ? 'black' : 'white', squareSize: [45, 30, 64][i % 3]!, coordinates: i % 4 < 2 }), flipped };
  });
  const back = readBack(diagrams);
  positions.forEach(({ fen, pos }, i) => {
    assert.deepEqual(back[i]!.squares, chessopsBoard(fen), fen);
    assert.ok(back[i]!.labelsAgree, `${fen}: data-square or xlink:href disagree with the drawing`);
    // The check marker sits on the king of the side to move exactly when it is in check.
    const king = pos.king(pos.turn);
    assert.deepEqual(back[i]!.check, pos.isCheck() ? ['abcdefgh'[king & 7]! + String((king >> 3) + 1)] : [], fen);
  });
});

/** Paco Ŝako's union letters as the rules doc lists them (§1.12): [white, black] roles. */
const PACO_LETTERS: Record<string, [string, string]> = {
  a: ['pawn', 'pawn'], c: ['rook', 'pawn'], d: ['knight', 'pawn'], e: ['bishop', 'pawn'], f: ['queen', 'pawn'], g: ['king', 'pawn'],
  h: ['rook', 'rook'], i: ['knight', 'rook'], j: ['bishop', 'rook'], l: ['queen', 'rook'], m: ['king', 'rook'],
  o: ['knight', 'knight'], s: ['bishop', 'knight'], t: ['queen', 'knight'], u: ['king', 'knight'],
  v: ['bishop', 'bishop'], w: ['queen', 'bishop'], x: ['king', 'bishop'], y: ['queen', 'queen'], z: ['king', 'queen'], _: ['king', 'king'],
};
const SINGLE: Record<string, string> = { p: 'pawn', r: 'rook', n: 'knight', b: 'bishop', q: 'queen', k: 'king' };

/** The board field of a Paco Ŝako FEN, square name → glyph ids, read with the doc's letters. */
function pacoBoard(fen: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  fen.split(/[ ^]/)[0]!.split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) {
        file += Number(ch);
        continue;
      }
      const name = 'abcdefgh'[file++]! + String(8 - i);
      const lower = ch.toLowerCase();
      if (SINGLE[lower] !== undefined) {
        out[name] = [`${ch === lower ? 'black' : 'white'}-${SINGLE[lower]}`];
      } else {
        // Upper case swaps the colours of the lower-case letter's pair.
        const [w, b] = PACO_LETTERS[lower]!;
        out[name] = (ch === lower ? [`white-${w}`, `black-${b}`] : [`white-${b}`, `black-${w}`]).sort();
      }
    }
  });
  return out;
}

test('Paco Ŝako diagrams draw each union as its two pieces on its square (the doc\'s FEN letters)', { skip: noPython }, () => {
  const data = JSON.parse(readText(sharedPath('paco', 'sako_random_positions.json'))) as unknown;
  const fens = JSON.stringify(data).match(/[a-zA-Z_1-8]+(?:\/[a-zA-Z_1-8]+){7}(?:\^[a-h][1-8][a-zA-Z_]{1,2})? [wb] \d+ [A-Ha-h-]+ [a-h1-8-]+ -/g) ?? [];
  assert.ok(fens.length >= 100, `found ${fens.length} FENs`);
  const chosen = fens.slice(0, 300);
  const diagrams = chosen.map((fen, i) => {
    const state = parsePacoFen(fen);
    assert.ok(state.ok, fen);
    return { svg: pacoDiagram(state.value, { orientation: i % 2 === 1 ? 'black' : 'white' }), flipped: i % 2 === 1 };
  });
  const back = readBack(diagrams);
  let unions = 0;
  chosen.forEach((fen, i) => {
    const expected = pacoBoard(fen);
    unions += Object.values(expected).filter((v) => v.length === 2).length;
    assert.deepEqual(back[i]!.squares, expected, fen);
    assert.ok(back[i]!.labelsAgree, fen);
  });
  assert.ok(unions > 100, `only ${unions} unions drawn`);
});

test('highlights, arrows and the check option land on their squares', { skip: noPython }, () => {
  const mated = position('r1bqkbnr/pppp1Qpp/2n5/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4');
  const svgs = [false, true].map((flipped) => ({
    svg: chessDiagram(mated, { orientation: flipped ? 'black' : 'white', highlights: [3, 53], arrows: [{ from: 26, to: 53 }, { from: 6, to: 21 }] }),
    flipped,
  }));
  svgs.push({ svg: chessDiagram(mated, { check: null }), flipped: false });
  svgs.push({ svg: chessDiagram(mated, { check: 0 }), flipped: false });
  const [white, black, none, a1] = readBack(svgs);
  for (const r of [white!, black!]) {
    assert.deepEqual(r.highlights, ['d1', 'f7']);
    assert.deepEqual(r.arrowTips, ['f7', 'f3']);
    assert.deepEqual(r.check, ['e8']);
  }
  assert.deepEqual(none!.check, []);
  assert.deepEqual(a1!.check, ['a1']);
});

test('the drawing: size from the options, deterministic, and RangeErrors for what cannot be drawn', () => {
  const start = Position.standard();
  const svg = chessDiagram(start);
  assert.equal(chessDiagram(Position.standard()), svg);
  assert.match(svg, /^<svg [^>]*width="378" height="378" viewBox="0 0 378 378">/);
  assert.match(chessDiagram(start, { squareSize: 50, coordinates: false }), /^<svg [^>]*width="400" height="400"/);
  // Only the glyphs used are defined.
  assert.equal((chessDiagram(position('4k3/8/8/8/8/8/8/4K3 w - - 0 1')).match(/<symbol /g) ?? []).length, 2);
  assert.throws(() => boardSvg([{ square: 4, color: 'white', role: 'king' }, { square: 4, color: 'white', role: 'queen' }]), /two white pieces on e1/);
  assert.throws(() => boardSvg([{ square: 64, color: 'white', role: 'king' }]), RangeError);
  assert.throws(() => boardSvg([], { squareSize: 0 }), RangeError);
  // A size the numbers cannot draw: 1e308 gave width="Infinity", 1e-300 a board of width 0 (the
  // coordinates are written to 0.01), both as if drawn. The bounds are 0.1 and 100,000 px a square.
  for (const squareSize of [1e308, 1e21, 100001, 1e-300, 0.09]) {
    assert.throws(() => boardSvg([], { squareSize }), (e: unknown) => e instanceof RangeError && /squareSize: expected a number from 0\.1 to 100000/.test(e.message), String(squareSize));
  }
  for (const squareSize of [0.1, 100000]) assert.match(boardSvg([], { squareSize }), new RegExp(`width="${squareSize * 8 + Math.round(squareSize * 0.4)}"`));
  assert.throws(() => boardSvg([], { highlights: [-1] }), RangeError);
});

test('an arrow from a square to itself is a ring centred on the square, either way up', () => {
  // 45 px squares and the 18 px margin of the rank digits on the left (width 378 above): e2's
  // centre is at (18 + 4.5 × 45, 6.5 × 45) from White's side and (18 + 3.5 × 45, 1.5 × 45) from
  // Black's. Before, the arrow was left out without a word.
  const ring = (orientation: 'white' | 'black'): string | undefined =>
    chessDiagram(Position.standard(), { orientation, arrows: [{ from: 12, to: 12 }] }).match(/<circle data-arrow="e2e2" [^>]*\/>/)?.[0];
  assert.match(ring('white') ?? '', /cx="220\.5" cy="292\.5" r="18\.9" fill="none"/);
  assert.match(ring('black') ?? '', /cx="175\.5" cy="67\.5" r="18\.9" fill="none"/);
});

test('a piece colour or role, or an orientation, that is no name is a RangeError naming it', () => {
  // From JavaScript: 'King' crashed with a TypeError inside the glyph builder; 'White' drew a
  // <use> of a symbol #White-king that no diagram defines (an empty square); 'w' drew the board
  // from White's side.
  const bad = [
    [{ square: 4, color: 'White', role: 'king' }, {}, /colour.*White/],
    [{ square: 4, color: 'white', role: 'King' }, {}, /role.*King/],
    [{ square: 4, color: 'white', role: 'k' }, {}, /role.*'k'/],
    [{ square: 4, color: 'white', role: 'king' }, { orientation: 'w' }, /orientation.*'w'/],
  ] as unknown as [DiagramPiece, DiagramOptions, RegExp][];
  for (const [piece, options, message] of bad) {
    assert.throws(() => boardSvg([piece], options), (e: unknown) => e instanceof RangeError && message.test(e.message), JSON.stringify([piece, options]));
  }
  assert.throws(() => chessDiagram(Position.standard(), { orientation: 'Black' as never }), RangeError);
  // The names themselves draw.
  assert.match(boardSvg([{ square: 4, color: 'white', role: 'king' }], { orientation: 'black' }), /href="#white-king"/);
});

test('caissa svg: standard output or --out, Paco Ŝako with --paco, usage errors', async () => {
  const out = await runCommand(svgCommand, ['--fen', '4k3/8/8/8/8/8/8/4K2R w K - 0 1', '--flip', '--highlight', 'e1,g1', '--arrow', 'e1g1']);
  assert.equal(out.code, 0, out.err);
  const expected = chessDiagram(position('4k3/8/8/8/8/8/8/4K2R w K - 0 1'), { orientation: 'black', highlights: [4, 6], arrows: [{ from: 4, to: 6 }] });
  assert.equal(out.out, expected);
  // --moves: SAN or UCI from the start (or --fen), the last move's squares highlighted.
  const mate = await runCommand(svgCommand, ['--moves', 'e4 e5 Qh5 Nc6 Bc4,g8f6 h5f7']);
  assert.equal(mate.code, 0, mate.err);
  assert.equal(mate.out, chessDiagram(position('r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4'), { highlights: [39, 53] }));
  // `exf6 e.p.`, as SAN writes an en-passant capture (PGN §8.2.3): the mark belongs to the move before it.
  const ep = await runCommand(svgCommand, ['--moves', 'e4 d5 e5 f5 exf6 e.p.']);
  assert.equal(ep.code, 0, ep.err);
  assert.equal(ep.out, chessDiagram(position('rnbqkbnr/ppp1p1pp/5P2/3p4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3'), { highlights: [36, 45] }));
  const dir = mkdtempSync(join(tmpdir(), 'caissa-svg-'));
  const file = join(dir, 'start.svg');
  assert.equal((await runCommand(svgCommand, ['--paco', '--out', file])).code, 0);
  assert.match(readFileSync(file, 'utf8'), /^<svg /);
  // An impossible check: refused, unless --lenient.
  const impossible = ['--fen', '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1'];
  assert.equal((await runCommand(svgCommand, [...impossible, '--lenient'])).code, 0);
  const cases: [string[], RegExp][] = [
    [impossible, /invalid position: impossibleCheck/],
    [['--fen', 'not a fen'], /FEN/],
    [['--moves', 'e4 Ke7'], /move 2: illegal move 'Ke7'/],
    [['--paco', '--moves', 'e4'], /--moves: chess only/],
    [['--paco', '--lenient'], /--lenient: chess only/],
    [['--paco', '--no-check'], /--no-check: chess only/],
    [['--highlight', 'e9'], /--highlight: 'e9' is not a square/],
    [['--arrow', 'e2-e4'], /--arrow: 'e2-e4' is not two squares/],
    [['--size', '0'], /--size/],
    [['--size', '100001'], /--size: expected an integer from 1 to 100000, got '100001'/],
    [['--size', '1e300'], /--size: expected an integer from 1 to 100000/],
    [['--paco', '--fen', 'xyz'], /Paco Ŝako FEN/],
    [['--out', join(dir, 'missing', 'x.svg')], /--out .*: cannot write there/],
  ];
  for (const [args, message] of cases) {
    const r = await runCommand(svgCommand, args);
    assert.equal(r.code, 2, args.join(' '));
    assert.match(r.err, message, args.join(' '));
  }
});
