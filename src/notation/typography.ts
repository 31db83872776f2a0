/**
 * Typographic forms that PGN text copied from web pages, word processors and ChessBase contains,
 * read as their ASCII equivalents (the PGN standard, §8.2.6 and §10, knows only the ASCII ones):
 *
 * - dashes other than `-` in termination markers and castling (`1–0`, `O‑O`): the hyphen, the
 *   non-breaking hyphen, the figure, en and em dashes and the horizontal bar (U+2010–U+2015),
 *   the minus sign (U+2212), and Windows-1252's en and em dashes (bytes 0x96 and 0x97, which
 *   the Latin-1 fallback decodes as U+0096 and U+0097);
 * - the fraction `½` for `1/2` (`½-½`);
 * - the annotation glyphs that stand for NAGs (`⩱` for `$15`, `‼` for `$3`);
 * - spaces beyond ASCII between tokens: the no-break space (`1.\u00a0e4`), and the byte order
 *   mark of a file concatenated after another (`cat a.pgn b.pgn`).
 *
 * All of it is off the fast path: the lexer comes here only for a word holding a byte ≥ 0x80.
 */

/** Whether the character code is a dash read as `-`. */
const isDash = (c: number): boolean => (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0x96 || c === 0x97;

/** `text` with its typographic dashes as `-` and `½` as `1/2`; the same string if it has neither. */
export function normalizeTypography(text: string): string {
  let plain = true;
  for (let k = 0; k < text.length && plain; k++) plain = text.charCodeAt(k) < 0x80;
  if (plain) return text;
  let out = '';
  for (const ch of text) {
    const c = ch.charCodeAt(0);
    out += isDash(c) ? '-' : c === 0xbd ? '1/2' : ch;
  }
  return out;
}

/** Whether every character of `text` that is not ASCII is a dash or `½` (so it reads as ASCII). */
export function onlyTypographic(text: string): boolean {
  for (let k = 0; k < text.length; k++) {
    const c = text.charCodeAt(k);
    if (c >= 0x80 && !isDash(c) && c !== 0xbd) return false;
  }
  return true;
}

/**
 * Byte length of the dash at `buf[i]`: 1 for `-` and Windows-1252's 0x96 and 0x97, 3 for the
 * UTF-8 of U+2010–U+2015 and U+2212; 0 if no dash starts there.
 */
export function dashBytes(buf: Uint8Array, i: number, end: number): number {
  const c = buf[i];
  if (c === 45 || c === 0x96 || c === 0x97) return 1;
  if (c !== 0xe2 || i + 2 >= end) return 0;
  const c1 = buf[i + 1]!;
  const c2 = buf[i + 2]!;
  return (c1 === 0x80 && c2 >= 0x90 && c2 <= 0x95) || (c1 === 0x88 && c2 === 0x92) ? 3 : 0;
}

/**
 * Byte length of a space character beyond ASCII that starts at `buf[i]` (inside `start..end`),
 * else 0: Unicode's space separators (U+00A0 no-break space, U+1680, U+2000–U+200A, U+202F,
 * U+205F, U+3000) in UTF-8, the zero-width space U+200B and U+FEFF (the byte order mark, also a
 * zero-width no-break space); and the byte 0xA0 alone after an ASCII byte (the no-break space of
 * a Latin-1 file, where in UTF-8 it would end a longer character).
 */
export function spaceBytes(buf: Uint8Array, i: number, start: number, end: number): number {
  const c = buf[i];
  if (c === 0xa0) return i === start || buf[i - 1]! < 0x80 ? 1 : 0;
  if (c === 0xc2) return i + 1 < end && buf[i + 1] === 0xa0 ? 2 : 0;
  if (c === undefined || c < 0xe1 || c > 0xef || i + 2 >= end) return 0;
  const c1 = buf[i + 1]!;
  const c2 = buf[i + 2]!;
  switch (c) {
    case 0xe1:
      return c1 === 0x9a && c2 === 0x80 ? 3 : 0;
    case 0xe2:
      return (c1 === 0x80 && ((c2 >= 0x80 && c2 <= 0x8b) || c2 === 0xaf)) || (c1 === 0x81 && c2 === 0x9f) ? 3 : 0;
    case 0xe3:
      return c1 === 0x80 && c2 === 0x80 ? 3 : 0;
    case 0xef:
      return c1 === 0xbb && c2 === 0xbf ? 3 : 0;
    default:
      return 0;
  }
}

/** Whether one of `spaceBytes`' spaces ends just before `buf[i]` (and starts at `start` or after). */
export function spaceEndsAt(buf: Uint8Array, i: number, start: number): boolean {
  for (let n = 1; n <= 3; n++) if (i - n >= start && spaceBytes(buf, i - n, start, i) === n) return true;
  return false;
}

/**
 * Annotation glyphs and the NAGs they stand for (PGN standard §10 numbers; the glyphs as
 * ChessBase, kokopu and lichess print them), after `normalizeTypography` (so `+−` is here as
 * `+-`). Where one glyph stands for several NAGs (`=` for 10 and 11, `□` for 7 and 8), the
 * first. ASCII forms included: `=` 10, `inf` 13, `+/=` `+=` 14, `=/+` `=+` 15, `+/-` 16, `-/+`
 * 17, `+-` 18, `-+` 19, `RR` 145, `N` 146; none of them is a SAN move. `+--` 20 and `--+` 21 are
 * read in their typographic forms only (`+−−`): some programs write the ASCII ones as forfeit
 * results, which the lexer does not take for a NAG.
 */
export const GLYPH_NAGS: ReadonlyMap<string, number> = new Map([
  ['‼', 3], ['⁇', 4], ['⁉', 5], ['⁈', 6], // move assessments !! ?? !? ?!
  ['□', 7], ['☒', 9], // only move; worst move
  ['=', 10], ['inf', 13], ['∞', 13], // equal; unclear
  ['+/=', 14], ['+=', 14], ['⩲', 14], ['=/+', 15], ['=+', 15], ['⩱', 15], // slight advantage
  ['+/-', 16], ['±', 16], ['-/+', 17], ['∓', 17], // moderate advantage
  ['+-', 18], ['-+', 19], ['+--', 20], ['--+', 21], // decisive, crushing advantage
  ['⨀', 22], // zugzwang
  ['⟳', 32], ['↑↑', 32], // development advantage
  ['↑', 36], ['→', 40], // initiative; attack
  ['⯹', 44], ['=∞', 44], // compensation
  ['⇆', 132], ['⨁', 138], ['⊕', 138], // counterplay; time trouble
  ['∆', 140], ['Δ', 140], ['∇', 141], ['⌓', 142], ['≤', 143], // with the idea; aimed against; better is; worse is
  ['RR', 145], ['N', 146], // editorial comment; novelty
]);

/** The four termination markers (PGN standard §8.2.6), after `normalizeTypography`. */
export const isTerminationMarker = (text: string): boolean =>
  text === '1-0' || text === '0-1' || text === '1/2-1/2' || text === '*';
