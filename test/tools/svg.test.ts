/**
 * SVG diagrams, read back by an independent XML parser (Python's ElementTree) from their
 * geometry alone — which square each `<use>` covers — and compared with chessops' board, or with
 * the Paco Ŝako FEN letters as docs/rules/paco-sako.md lists them (§1.12).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Chess } from 'chessops/chess';
import { parseFen as opsParseFen } from 'chessops/fen';
import { svgCommand } from '../../src/cli/commands/svg.js';
import { Position } from '../../src/chess/position.js';
import { Rng } from '../../src/core/rng.js';
import { makeFen, readFen } from '../../src/notation/fen.js';
import { readText } from '../../src/node/data.js';
import { boardSvg, chessDiagram, pacoDiagram, type DiagramOptions, type DiagramPiece } from '../../src/tools/svg/index.js';
import { parsePacoFen } from '../../src/variants/paco/fen.js';
import { epdFens, runCommand, testSeed, noPositions, tempDir } from '../helpers.js';
import { fixturePath } from '../data.js';

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
  const dir = tempDir('caissa-svg-');
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

test('chess diagrams show every piece on its square, both orientations, any size (read back by Python, compared with chessops)', { skip: noPython || noPositions() }, () => {
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

/** Paco Ŝako's union letters as docs/rules/paco-sako.md lists them (§1.12): [white, black] roles. */
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
  const data = JSON.parse(readText(fixturePath('paco', 'sako_random_positions.json'))) as unknown;
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
  // Every square an option names is checked, as the doc says: arrows' both ends, the check.
  for (const options of [{ arrows: [{ from: 64, to: 0 }] }, { arrows: [{ from: 0, to: 64 }] }, { arrows: [{ from: -1, to: -1 }] }, { check: 64 }, { check: 1.5 }, { highlights: [0, 64] }]) {
    assert.throws(() => boardSvg([], options), (e: unknown) => e instanceof RangeError && /square .* is not in 0\.\.63/.test(e.message), JSON.stringify(options));
  }
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
  const dir = tempDir('caissa-svg-');
  const file = join(dir, 'start.svg');
  assert.equal((await runCommand(svgCommand, ['--paco', '--out', file])).code, 0);
  assert.match(readFileSync(file, 'utf8'), /^<svg /);
  // An impossible check: refused, unless --lenient.
  const impossible = ['--fen', '3R4/8/q4k2/2B5/1NK5/3b4/8/8 w - - 0 1'];
  assert.equal((await runCommand(svgCommand, [...impossible, '--lenient'])).code, 0);
  const cases: [string[], RegExp][] = [
    [impossible, /invalid position: white is in a check that no last move could have given/],
    [['--fen', 'not a fen'], /FEN/],
    [['--moves', 'e4 Ke7'], /move 2: illegal move 'Ke7'/],
    [['--paco', '--moves', 'e4'], /--moves: chess only/],
    [['--paco', '--lenient'], /--lenient: chess only/],
    [['--paco', '--no-check'], /--no-check: chess only/],
    [['--highlight', 'e9'], /--highlight: 'e9' is not a square/],
    [['--arrow', 'e2-e4'], /--arrow: 'e2-e4' is not two squares/],
    // Either end not a square is refused by name, not left to the drawing's RangeError.
    [['--arrow', 'z9e4'], /--arrow: 'z9e4' is not two squares/],
    [['--arrow', 'e2z9'], /--arrow: 'e2z9' is not two squares/],
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

/** What Python's ElementTree finds in a diagram, for the geometry checks below. */
interface Parsed {
  readonly width: number;
  readonly height: number;
  readonly viewBox: string;
  readonly board: { x: number; y: number; w: number; h: number; fill: string; square: string }[];
  readonly highlights: { x: number; y: number; w: number; opacity: number; square: string }[];
  readonly check: { x: number; y: number; w: number; fill: string }[];
  readonly gradients: string[];
  readonly uses: { href: string; x: number; y: number; w: number; h: number; square: string }[];
  readonly symbols: Record<string, { fill: string; stroke: string; viewBox: string }>;
  readonly texts: { text: string; x: number; y: number }[];
  readonly fontSize: number | null;
  readonly circles: { arrow: string; cx: number; cy: number; r: number; strokeWidth: number }[];
  readonly polygons: { arrow: string; points: [number, number][] }[];
}
function parseSvgs(svgs: string[]): Parsed[] {
  const dir = tempDir('caissa-svg-');
  const input = join(dir, 'in.json');
  writeFileSync(input, JSON.stringify(svgs));
  const script = `
import json, sys, xml.etree.ElementTree as ET
NS = '{http://www.w3.org/2000/svg}'
out = []
for text in json.load(open(sys.argv[1])):
    root = ET.fromstring(text)
    groups = {g.get('class'): g for g in root.iter(NS + 'g') if g.get('class')}
    def rect(r):
        return {'x': float(r.get('x')), 'y': float(r.get('y')), 'w': float(r.get('width')), 'h': float(r.get('height')),
                'fill': r.get('fill'), 'square': r.get('data-square'), 'opacity': float(r.get('fill-opacity') or 1)}
    board = [rect(r) for r in groups['board'].iter(NS + 'rect')]
    highlights = [rect(r) for r in groups['highlights'].iter(NS + 'rect')] if 'highlights' in groups else []
    check = [rect(r) for r in root.iter(NS + 'rect') if r.get('class') == 'check']
    uses = [{'href': u.get('href'), 'x': float(u.get('x')), 'y': float(u.get('y')), 'w': float(u.get('width')),
             'h': float(u.get('height')), 'square': u.get('data-square')} for u in root.iter(NS + 'use')]
    symbols = {}
    for s in root.iter(NS + 'symbol'):
        g = s.find(NS + 'g')
        symbols[s.get('id')] = {'fill': g.get('fill'), 'stroke': g.get('stroke'), 'viewBox': s.get('viewBox')}
    coords = groups.get('coordinates')
    texts = [{'text': t.text, 'x': float(t.get('x')), 'y': float(t.get('y'))} for t in root.iter(NS + 'text')]
    circles = [{'arrow': c.get('data-arrow'), 'cx': float(c.get('cx')), 'cy': float(c.get('cy')), 'r': float(c.get('r')),
                'strokeWidth': float(c.get('stroke-width'))} for c in root.iter(NS + 'circle') if c.get('data-arrow')]
    polygons = [{'arrow': p.get('data-arrow'), 'points': [list(map(float, q.split(','))) for q in p.get('points').split()]}
                for p in root.iter(NS + 'polygon')]
    out.append({'width': float(root.get('width')), 'height': float(root.get('height')), 'viewBox': root.get('viewBox'),
                'board': board, 'highlights': highlights, 'check': check,
                'gradients': [g.get('id') for g in root.iter(NS + 'radialGradient')], 'uses': uses, 'symbols': symbols,
                'texts': texts, 'fontSize': float(coords.get('font-size')) if coords is not None else None,
                'circles': circles, 'polygons': polygons})
print(json.dumps(out))
`;
  return JSON.parse(execFileSync('python3', ['-c', script, input], { encoding: 'utf8', maxBuffer: 1 << 28 })) as Parsed[];
}

/** Relative luminance of a #rrggbb or #rgb colour, 0 (black) to 1 (white). */
function luminance(colour: string): number {
  const hex = colour.length === 4 ? colour.replace(/[0-9a-f]/gi, (c) => c + c) : colour;
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** A square's file and rank (0-7) from its name. */
const fileRank = (name: string): [number, number] => ['abcdefgh'.indexOf(name[0]!), Number(name[1]) - 1];

test('the drawing\'s geometry, read back by Python: square colours (a1 dark), coordinates beside their files and ranks, union halves in opposite corners, glyph inks, rings and arrows', { skip: noPython }, () => {
  const near = (a: number, b: number, what: string): void => assert.ok(Math.abs(a - b) <= 0.011, `${what}: ${a} vs ${b}`);
  const union = parsePacoFen('rnbqkbnr/ppp1pppp/8/3A4/8/8/PPPP1PPP/RNBQKBNR w 0 AHah - -');
  assert.ok(union.ok);
  const cases: { svg: string; flipped: boolean; s: number; coordinates: boolean; arrows: [string, string][]; occupied: number }[] = [];
  for (const flipped of [false, true]) {
    for (const [s, coordinates] of [[45, true], [30, false], [17, true], [64, true], [3, true]] as [number, boolean][]) {
      const orientation = flipped ? 'black' : 'white';
      const arrows = [{ from: 12, to: 28 }, { from: 1, to: 18 }, { from: 63, to: 0 }, { from: 36, to: 36 }, { from: 7, to: 15 }];
      const common = { orientation, squareSize: s, coordinates, arrows, highlights: [12, 28] } as const;
      const names: [string, string][] = [['e2', 'e4'], ['b1', 'c3'], ['h8', 'a1'], ['e5', 'e5'], ['h1', 'h2']];
      cases.push({ svg: chessDiagram(position('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2'), common), flipped, s, coordinates, arrows: names, occupied: 32 });
      cases.push({ svg: pacoDiagram(union.value, common), flipped, s, coordinates, arrows: names, occupied: 31 });
    }
  }
  const parsed = parseSvgs([...cases.map((c) => c.svg), chessDiagram(position('4k3/8/8/8/8/8/8/4K2R b K - 0 1')), chessDiagram(position('4k3/8/8/8/8/8/8/4K2R b K - 0 1'), { check: 7 })]);
  // The check marker's fill is a gradient the drawing defines, and only a drawing with a check defines it.
  const [quiet, checked] = parsed.slice(cases.length);
  assert.deepEqual([quiet!.check, quiet!.gradients], [[], []]);
  assert.equal(checked!.check.length, 1);
  assert.deepEqual(checked!.gradients.map((id) => `url(#${id})`), [checked!.check[0]!.fill]);
  cases.forEach(({ flipped, s, coordinates, arrows, occupied }, i) => {
    const p = parsed[i]!;
    const what = `case ${i} (${flipped ? 'black' : 'white'} below, ${s} px${coordinates ? '' : ', no coordinates'})`;
    const margin = p.width - 8 * s;
    assert.ok(coordinates ? margin > 0 : margin === 0, what);
    assert.equal(p.height, p.width, what);
    assert.equal(p.viewBox, `0 0 ${p.width} ${p.height}`, what);
    // Where a square is drawn: files left to right and ranks upwards from White's side, the
    // other way round from Black's; the rank digits take the margin on the left.
    const corner = (name: string): [number, number] => {
      const [f, r] = fileRank(name);
      return flipped ? [margin + (7 - f) * s, r * s] : [margin + f * s, (7 - r) * s];
    };
    // 64 squares, each once, a1 dark and colours alternating (FIDE 2.1: h1, a player's right-hand corner, is light).
    assert.equal(new Set(p.board.map((r) => r.square)).size, 64, what);
    const dark = p.board.filter((r) => { const [f, r2] = fileRank(r.square); return (f + r2) % 2 === 0; });
    const light = p.board.filter((r) => !dark.includes(r));
    assert.equal(new Set(dark.map((r) => r.fill)).size, 1, what);
    assert.equal(new Set(light.map((r) => r.fill)).size, 1, what);
    assert.ok(luminance(dark[0]!.fill) < luminance(light[0]!.fill), `${what}: a1's colour is the darker`);
    for (const r of p.board) {
      const [x, y] = corner(r.square);
      near(r.x, x, `${what} ${r.square} x`);
      near(r.y, y, `${what} ${r.square} y`);
      near(r.w, s, what);
      near(r.h, s, what);
    }
    // Highlights cover their squares and let the square show through.
    assert.deepEqual(p.highlights.map((h) => h.square), ['e2', 'e4'], what);
    for (const h of p.highlights) {
      const [x, y] = corner(h.square);
      near(h.x, x, what);
      near(h.y, y, what);
      near(h.w, s, what);
      assert.ok(h.opacity > 0 && h.opacity < 1, what);
    }
    // Coordinates: a letter centred under each file, a digit beside each rank, centred in the margin.
    if (!coordinates) assert.equal(p.texts.length, 0, what);
    else {
      assert.deepEqual(p.texts.map((t) => t.text).sort(), [...'12345678abcdefgh'], what);
      assert.ok(p.fontSize !== null && p.fontSize > 0 && p.fontSize <= margin, `${what}: font ${p.fontSize}, margin ${margin}`);
      for (const t of p.texts) {
        if (/[a-h]/.test(t.text)) {
          const [x] = corner(`${t.text}1`);
          near(t.x, x + s / 2, `${what} ${t.text}`);
          assert.ok(t.y > 8 * s && t.y <= p.height, `${what} ${t.text} y ${t.y}`);
        } else {
          const [, y] = corner(`a${t.text}`);
          assert.ok(t.y > y + s / 4 && t.y < y + s, `${what} ${t.text} y ${t.y}, row ${y}`);
          // Centred in the margin (text-anchor middle), as a letter is under its file.
          near(t.x, margin / 2, `${what} ${t.text} x`);
        }
      }
    }
    // Pieces: a piece alone fills its square; a union's white piece sits in the top-left corner
    // and its black piece in the bottom-right, each smaller than the square but over half of it.
    const bySquare = new Map<string, Parsed['uses']>();
    for (const u of p.uses) bySquare.set(u.square, [...(bySquare.get(u.square) ?? []), u]);
    assert.equal(bySquare.size, occupied, what);
    for (const [square, uses] of bySquare) {
      const [x, y] = corner(square);
      for (const u of uses) near(u.w, u.h, what);
      if (uses.length === 1) {
        const u = uses[0]!;
        near(u.x, x, `${what} ${square}`);
        near(u.y, y, `${what} ${square}`);
        near(u.w, s, `${what} ${square}`);
      } else {
        assert.equal(square, 'd5', what);
        const w = uses.find((u) => u.href.startsWith('#white'))!;
        const b = uses.find((u) => u.href.startsWith('#black'))!;
        assert.deepEqual([w.href, b.href], ['#white-pawn', '#black-pawn'], what);
        near(w.x, x, `${what} white half x`);
        near(w.y, y, `${what} white half y`);
        near(b.x + b.w, x + s, `${what} black half right`);
        near(b.y + b.h, y + s, `${what} black half bottom`);
        near(w.w, b.w, what);
        assert.ok(w.w > s / 2 && w.w < s, `${what}: half ${w.w}`);
      }
    }
    // Each glyph used has its symbol, in the 45-unit box; white pieces light, black pieces dark,
    // both outlined in a dark ink.
    assert.deepEqual(Object.keys(p.symbols).sort(), [...new Set(p.uses.map((u) => u.href.slice(1)))].sort(), what);
    for (const [id, sym] of Object.entries(p.symbols)) {
      assert.equal(sym.viewBox, '0 0 45 45', id);
      assert.ok(id.startsWith('white') ? luminance(sym.fill) > 0.8 : luminance(sym.fill) < 0.2, `${id} fill ${sym.fill}`);
      assert.ok(luminance(sym.stroke) < 0.2, `${id} stroke ${sym.stroke}`);
    }
    // A ring inside its square, centred; an arrow from the centre of one square to the centre of
    // the other: a shaft of even width, symmetric about the line, a head wider than the shaft.
    assert.deepEqual([...p.circles.map((c) => c.arrow), ...p.polygons.map((q) => q.arrow)].sort(), arrows.map(([a, b]) => a + b).sort(), what);
    for (const c of p.circles) {
      const [x, y] = corner(c.arrow.slice(0, 2));
      near(c.cx, x + s / 2, what);
      near(c.cy, y + s / 2, what);
      assert.ok(c.r >= s / 4 && c.r + c.strokeWidth / 2 <= s / 2 + 0.01 && c.strokeWidth > 0, `${what}: ring r ${c.r}`);
    }
    const shapes: number[][] = [];
    for (const q of p.polygons) {
      assert.equal(q.points.length, 7, what);
      const [fx, fy] = corner(q.arrow.slice(0, 2)).map((v) => v + s / 2) as [number, number];
      const [tx, ty] = corner(q.arrow.slice(2)).map((v) => v + s / 2) as [number, number];
      const len = Math.hypot(tx - fx, ty - fy);
      const [ux, uy] = [(tx - fx) / len, (ty - fy) / len];
      const pt = q.points;
      // Along the arrow and across it, for each point.
      const along = (k: number): number => (pt[k]![0] - fx) * ux + (pt[k]![1] - fy) * uy;
      const across = (k: number): number => -(pt[k]![0] - fx) * uy + (pt[k]![1] - fy) * ux;
      near(pt[3]![0], tx, `${what} ${q.arrow} tip`);
      near(pt[3]![1], ty, `${what} ${q.arrow} tip`);
      near(along(0), 0, `${what} ${q.arrow} tail`);
      near(along(6), 0, `${what} ${q.arrow} tail`);
      for (const [a, b] of [[0, 6], [1, 5], [2, 4]]) {
        near(across(a!), -across(b!), `${what} ${q.arrow} symmetry ${a}/${b}`);
        near(along(a!), along(b!), `${what} ${q.arrow} symmetry ${a}/${b}`);
      }
      near(along(1), along(2), `${what} ${q.arrow} head base`);
      near(Math.abs(across(0)), Math.abs(across(1)), `${what} ${q.arrow} shaft width`);
      const shaft = Math.abs(across(0));
      const wing = Math.abs(across(2));
      const head = len - along(1);
      assert.ok(shaft > 0 && wing > 1.5 * shaft && wing < s / 2, `${what} ${q.arrow}: shaft ${shaft}, wing ${wing}`);
      assert.ok(head > 0 && head <= len / 2 + 0.01 && head < s, `${what} ${q.arrow}: head ${head}, length ${len}`);
      // Every arrow here is at least a square long, so all have one shaft and one head.
      shapes.push([shaft, wing, head]);
      for (const [x, y] of pt) assert.ok(x >= margin - 0.01 && x <= p.width + 0.01 && y >= -0.01 && y <= 8 * s + 0.01, `${what} ${q.arrow}: point ${x},${y}`);
    }
    for (const shape of shapes) shape.forEach((v, k) => assert.ok(Math.abs(v - shapes[0]![k]!) < 0.05, `${what}: arrows of different widths or heads ${JSON.stringify(shapes)}`));
  });
});

test('caissa svg --paco --fen draws that state (read back by Python, the doc\'s FEN letters), flipped with --flip', { skip: noPython }, async () => {
  const fen = 'rnbqkbnr/ppp1pppp/8/3A4/8/8/PPPP1PPP/RNBQKBNR w 0 AHah - -';
  const runs = await Promise.all([[], ['--flip']].map((extra) => runCommand(svgCommand, ['--paco', '--fen', fen, ...extra])));
  for (const r of runs) assert.equal(r.code, 0, r.err);
  const back = readBack(runs.map((r, i) => ({ svg: r.out, flipped: i === 1 })));
  for (const b of back) assert.deepEqual(b.squares, pacoBoard(fen));
});
