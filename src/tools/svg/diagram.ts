/**
 * Board diagrams as standalone SVG text: the 64 squares, highlighted squares, a check marker,
 * the pieces (a Paco Ŝako union as its two pieces, each smaller, the white one towards the top
 * left of the square and the black one towards the bottom right), arrows and the coordinates.
 * Pieces are `<symbol>`s placed with `<use>`; every square and piece carries `data-square` for
 * scripts and style sheets. Pure string building: runs in browsers as well as in Node.
 */
import { COLORS, ROLES, type Color, type Role } from '../../chess/types.js';
import { isSquare, squareName } from '../../core/square.js';
import { glyphId, glyphSymbol } from './pieces.js';

/** A piece to draw (`boardSvg`); a white and a black one on one square are drawn as a Paco Ŝako union. */
export interface DiagramPiece {
  /** 0 = a1 … 63 = h8. */
  readonly square: number;
  /** The piece's colour. */
  readonly color: Color;
  /** The piece's kind. */
  readonly role: Role;
}

/** An arrow between the centres of two squares; from a square to itself, a ring on it. */
export interface DiagramArrow {
  /** The tail's square, 0 = a1 … 63 = h8. */
  readonly from: number;
  /** The head's square, 0 = a1 … 63 = h8. */
  readonly to: number;
}

/** How a diagram is drawn; every field is optional. */
export interface DiagramOptions {
  /** Side of a square in pixels, from MIN_SQUARE (0.1) to MAX_SQUARE (100,000); default 45. */
  readonly squareSize?: number;
  /** The side at the bottom (default white: a1 at the bottom left). */
  readonly orientation?: Color;
  /**
   * File letters below the board and rank digits to its left (default true), in a margin of 0.4
   * of a square rounded to whole pixels: below 1.25 px a square there is no margin, so none.
   */
  readonly coordinates?: boolean;
  /** Squares tinted, such as the last move's. */
  readonly highlights?: readonly number[];
  /** Arrows drawn over the pieces, in order. */
  readonly arrows?: readonly DiagramArrow[];
  /** A king's square to mark as in check. */
  readonly check?: number;
  /**
   * Pieces in hand (crazyhouse): per colour, how many of each role. Drawn in a band beside the
   * board, each side's on its own side (the bottom's below the board), a glyph and its count
   * per role held.
   */
  readonly pockets?: DiagramByColor<Partial<Record<Role, number>>>;
  /** Three-check: the checks each side still has to give, written in the same bands. */
  readonly remainingChecks?: DiagramByColor<number>;
}

/** One value per colour (pockets, remaining checks). */
export interface DiagramByColor<T> {
  /** White's. */
  readonly white: T;
  /** Black's. */
  readonly black: T;
}

/** The roles a pocket may hold, in the order a band draws them. */
const POCKET_ROLES: readonly Role[] = ['queen', 'rook', 'bishop', 'knight', 'pawn'];

const LIGHT = '#ece1cb';
const DARK = '#b38c66';
const HIGHLIGHT = '#f3d34a';
const ARROW = '#2e8b57';
/** A union's two pieces are drawn at this scale, in opposite corners of the square. */
const PAIR_SCALE = 0.72;

/**
 * Bounds of `squareSize` in px: coordinates are written to 0.01, so a smaller square would draw
 * a board of nothing, and a far larger one numbers past any viewer (1e308 gave width Infinity).
 */
export const MIN_SQUARE = 0.1;
export const MAX_SQUARE = 100000;

const num = (x: number): string => String(Math.round(x * 100) / 100);

function assertSquare(sq: number, what: string): void {
  if (!isSquare(sq)) throw new RangeError(`${what}: square ${sq} is not in 0..63`);
}

/** A colour or role name, checked: a JavaScript caller's 'White' or 'K' names no glyph. */
function assertName(names: readonly string[], value: unknown, what: string): void {
  if (!names.includes(value as string)) throw new RangeError(`${what}: expected one of ${names.join(', ')}, got '${String(value)}'`);
}

/**
 * The SVG text of a diagram. A square holds at most one piece of each colour (two make a Paco
 * Ŝako union); anything else, a square outside 0..63, or a colour or role that is no name, is a
 * `RangeError`.
 */
export function boardSvg(pieces: readonly DiagramPiece[], options: DiagramOptions = {}): string {
  const s = options.squareSize ?? 45;
  if (!(s >= MIN_SQUARE && s <= MAX_SQUARE)) throw new RangeError(`squareSize: expected a number from ${MIN_SQUARE} to ${MAX_SQUARE}, got ${s}`);
  if (options.orientation !== undefined) assertName(COLORS, options.orientation, 'orientation');
  const flipped = options.orientation === 'black';
  const margin = options.coordinates === false ? 0 : Math.round(s * 0.4);
  // A band above and below the board for pockets and remaining checks, when there are any.
  const band = options.pockets !== undefined || options.remainingChecks !== undefined ? Math.round(s * 0.8 * 100) / 100 : 0;
  const width = margin + 8 * s;
  const height = band + 8 * s + margin + band;
  /** Top-left corner of a square on the drawing. */
  const x = (sq: number): number => margin + (flipped ? 7 - (sq & 7) : sq & 7) * s;
  const y = (sq: number): number => band + (flipped ? sq >> 3 : 7 - (sq >> 3)) * s;

  const byColor: [Map<number, DiagramPiece>, Map<number, DiagramPiece>] = [new Map(), new Map()];
  for (const p of pieces) {
    assertSquare(p.square, 'piece');
    assertName(COLORS, p.color, 'piece colour');
    assertName(ROLES, p.role, 'piece role');
    const layer = byColor[p.color === 'white' ? 0 : 1];
    if (layer.has(p.square)) throw new RangeError(`piece: two ${p.color} pieces on ${squareName(p.square)}`);
    layer.set(p.square, p);
  }

  /** A square-sized rectangle over `sq`, with extra attributes. */
  const squareRect = (sq: number, attributes: string): string =>
    `<rect data-square="${squareName(sq)}" x="${num(x(sq))}" y="${num(y(sq))}" width="${num(s)}" height="${num(s)}" ${attributes}/>`;

  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" ` +
      `width="${num(width)}" height="${num(height)}" viewBox="0 0 ${num(width)} ${num(height)}">`,
  );
  // Only the glyphs drawn are defined, in a fixed order so that equal diagrams are equal text.
  const glyphs = new Map(pieces.map((p) => [glyphId(p.color, p.role), p]));
  const pocketCount = (color: Color, role: Role): number => {
    const n = options.pockets?.[color]?.[role] ?? 0;
    if (!(Number.isInteger(n) && n >= 0)) throw new RangeError(`pockets: ${color} ${role}: expected a whole number ≥ 0, got ${String(n)}`);
    return n;
  };
  for (const color of COLORS) for (const role of POCKET_ROLES) if (pocketCount(color, role) > 0) glyphs.set(glyphId(color, role), { square: 0, color, role });
  out.push('<defs>');
  for (const id of [...glyphs.keys()].sort()) out.push(glyphSymbol(glyphs.get(id)!.color, glyphs.get(id)!.role));
  if (options.check !== undefined) {
    out.push(
      '<radialGradient id="check-glow"><stop offset="0%" stop-color="#ff2d2d" stop-opacity="1"/>' +
        '<stop offset="50%" stop-color="#e81e1e" stop-opacity="0.8"/><stop offset="100%" stop-color="#a00" stop-opacity="0"/></radialGradient>',
    );
  }
  out.push('</defs>');

  out.push('<g class="board">');
  for (let sq = 0; sq < 64; sq++) {
    // a1 is a dark square: a square is dark when its file and rank have the same parity.
    const dark = ((sq & 7) + (sq >> 3)) % 2 === 0;
    out.push(squareRect(sq, `fill="${dark ? DARK : LIGHT}"`));
  }
  out.push('</g>');

  if (options.highlights !== undefined && options.highlights.length > 0) {
    out.push('<g class="highlights">');
    for (const sq of options.highlights) {
      assertSquare(sq, 'highlight');
      out.push(squareRect(sq, `fill="${HIGHLIGHT}" fill-opacity="0.55"`));
    }
    out.push('</g>');
  }

  if (options.check !== undefined) {
    assertSquare(options.check, 'check');
    out.push(squareRect(options.check, 'class="check" fill="url(#check-glow)"'));
  }

  out.push('<g class="pieces">');
  const place = (p: DiagramPiece, scale: number, dx: number, dy: number): void => {
    const id = glyphId(p.color, p.role);
    out.push(
      `<use data-square="${squareName(p.square)}" href="#${id}" xlink:href="#${id}" ` +
        `x="${num(x(p.square) + dx)}" y="${num(y(p.square) + dy)}" width="${num(s * scale)}" height="${num(s * scale)}"/>`,
    );
  };
  for (let sq = 0; sq < 64; sq++) {
    const w = byColor[0].get(sq);
    const b = byColor[1].get(sq);
    if (w !== undefined && b !== undefined) {
      const off = s * (1 - PAIR_SCALE);
      place(w, PAIR_SCALE, 0, 0);
      place(b, PAIR_SCALE, off, off);
    } else if (w !== undefined || b !== undefined) {
      place((w ?? b)!, 1, 0, 0);
    }
  }
  out.push('</g>');

  if (options.arrows !== undefined && options.arrows.length > 0) {
    out.push(`<g class="arrows" fill="${ARROW}" fill-opacity="0.8">`);
    for (const a of options.arrows) {
      assertSquare(a.from, 'arrow');
      assertSquare(a.to, 'arrow');
      out.push(a.from === a.to ? squareRing(a.from, x, y, s) : arrowPolygon(a, x, y, s));
    }
    out.push('</g>');
  }

  if (margin > 0) {
    const font = num(s * 0.28);
    out.push(`<g class="coordinates" font-family="sans-serif" font-size="${font}" fill="#555" text-anchor="middle">`);
    for (let f = 0; f < 8; f++) {
      out.push(`<text x="${num(x(f) + s / 2)}" y="${num(band + 8 * s + margin * 0.75)}">${'abcdefgh'[f]}</text>`);
    }
    for (let r = 0; r < 8; r++) {
      out.push(`<text x="${num(margin / 2)}" y="${num(y(r * 8) + s / 2 + s * 0.1)}">${r + 1}</text>`);
    }
    out.push('</g>');
  }
  if (band > 0) {
    // The bottom side's band under the board and its coordinates, the other's above the board.
    for (const color of COLORS) {
      const bottom = (color === 'white') !== flipped;
      const top = bottom ? band + 8 * s + margin : 0;
      const glyph = band * 0.8;
      const gy = top + (band - glyph) / 2;
      out.push(`<g class="pocket" data-color="${color}" font-family="sans-serif" font-size="${num(band * 0.45)}" fill="#333">`);
      let slot = 0;
      for (const role of POCKET_ROLES) {
        const n = pocketCount(color, role);
        if (n === 0) continue;
        const gx = margin + slot * band * 1.6;
        const id = glyphId(color, role);
        out.push(`<use data-pocket="${color}-${role}" href="#${id}" xlink:href="#${id}" x="${num(gx)}" y="${num(gy)}" width="${num(glyph)}" height="${num(glyph)}"/>`);
        out.push(`<text data-count="${color}-${role}" x="${num(gx + glyph)}" y="${num(top + band * 0.75)}">${n}</text>`);
        slot++;
      }
      const checks = options.remainingChecks?.[color];
      if (checks !== undefined) {
        if (!(Number.isInteger(checks) && checks >= 0)) throw new RangeError(`remainingChecks: ${color}: expected a whole number ≥ 0, got ${String(checks)}`);
        out.push(`<text class="remaining-checks" data-color="${color}" x="${num(width - band * 0.2)}" y="${num(top + band * 0.7)}" text-anchor="end">${checks} ${checks === 1 ? 'check' : 'checks'} to give</text>`);
      }
      out.push('</g>');
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}

/**
 * An "arrow" from a square to itself: a ring inside the square, as lichess draws a shape whose
 * ends are one square (its `%csl` circles).
 */
function squareRing(sq: number, x: (sq: number) => number, y: (sq: number) => number, s: number): string {
  const name = squareName(sq);
  return `<circle data-arrow="${name}${name}" cx="${num(x(sq) + s / 2)}" cy="${num(y(sq) + s / 2)}" r="${num(s * 0.42)}" fill="none" stroke="${ARROW}" stroke-opacity="0.8" stroke-width="${num(s * 0.08)}"/>`;
}

/** An arrow from the centre of one square to the centre of another: a shaft and a triangular head. */
function arrowPolygon(a: DiagramArrow, x: (sq: number) => number, y: (sq: number) => number, s: number): string {
  const x0 = x(a.from) + s / 2, y0 = y(a.from) + s / 2;
  const x1 = x(a.to) + s / 2, y1 = y(a.to) + s / 2;
  const len = Math.hypot(x1 - x0, y1 - y0);
  const dx = (x1 - x0) / len, dy = (y1 - y0) / len;
  // The normal, and the shaft's end where the head begins. The squares differ, so they are at
  // least a square apart and the head (0.45 of a square) leaves a shaft before it.
  const nx = -dy, ny = dx;
  const head = s * 0.45;
  const shaft = s * 0.08, wing = s * 0.22;
  const bx = x1 - dx * head, by = y1 - dy * head;
  const points = [
    [x0 + nx * shaft, y0 + ny * shaft], [bx + nx * shaft, by + ny * shaft], [bx + nx * wing, by + ny * wing], [x1, y1],
    [bx - nx * wing, by - ny * wing], [bx - nx * shaft, by - ny * shaft], [x0 - nx * shaft, y0 - ny * shaft],
  ];
  const squares = `${squareName(a.from)}${squareName(a.to)}`;
  return `<polygon data-arrow="${squares}" points="${points.map(([px, py]) => `${num(px!)},${num(py!)}`).join(' ')}"/>`;
}
