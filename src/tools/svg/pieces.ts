/**
 * Piece glyphs for SVG diagrams, drawn for caissa: plain geometric silhouettes in a 45 × 45 box
 * (a plinth at the bottom, the piece above it), one outline per piece so that a white piece is a
 * light shape with a dark outline and a black piece a dark shape whose inner details (the bishop's
 * slit, the knight's eye) are drawn light.
 */
import type { Color, Role } from '../../chess/types.js';

/** Side of the square box every glyph is drawn in. */
export const GLYPH_BOX = 45;

const PLINTH = '<path d="M10.5 33.5h24v4.5h-24z"/>';

/** The shapes of each role; `detail` marks what is drawn in the contrasting colour. */
const SHAPES: Record<Role, string> = {
  pawn: '<circle cx="22.5" cy="13" r="5.5"/><path d="M18 19.5h9l3.5 14h-16z"/><path d="M11.5 33.5h22v4.5h-22z"/>',
  knight:
    '<path d="M14 33.5l1.5-7.5c-1.5-1-3.5-1-5.5 0l-2-3.5 7-9 4-3.5 1-4 2.5 3.5c6 .5 10.5 5 11.5 12.5.5 4-.5 8-1.5 11.5z"/>' +
    '<circle class="detail-fill" cx="16.5" cy="15.5" r="1.2"/>' +
    PLINTH,
  bishop:
    '<circle cx="22.5" cy="6.5" r="2.5"/><path d="M22.5 9c6 5 8 11 5 18h-10c-3-7-1-13 5-18z"/>' +
    '<path d="M16 27h13v3.5H16z"/><path d="M16.5 30.5h12l3.5 3H13z"/>' +
    '<path class="detail" d="M20 15l5 5"/>' +
    PLINTH,
  rook: '<path d="M11 8h5v3h4.5V8h4v3H29V8h5v8H11z"/><path d="M14 16h17v17.5H14z"/>' + PLINTH,
  queen:
    '<path d="M10 13L14 30H31L35 13L30.5 22L28.5 9L25.5 20L22.5 7.5L19.5 20L16.5 9L14.5 22z"/>' +
    '<circle cx="10" cy="12" r="2"/><circle cx="16.5" cy="9" r="2"/><circle cx="22.5" cy="7.5" r="2"/>' +
    '<circle cx="28.5" cy="9" r="2"/><circle cx="35" cy="12" r="2"/>' +
    '<path d="M13 30h19v3.5H13z"/>' +
    PLINTH,
  king:
    '<path d="M21 4h3v4h4v3h-4v5h-3v-5h-4V8h4z"/>' +
    '<path d="M22.5 16c-5 0-11 2-11 7 0 3 2 5.5 3.5 7.5h15c1.5-2 3.5-4.5 3.5-7.5 0-5-6-7-11-7z"/>' +
    '<path d="M14 30.5h17v3H14z"/>' +
    PLINTH,
};

const INK = { white: '#fbfbf8', black: '#1d1d1d' } as const;

/** The id of a glyph's `<symbol>`, such as `white-knight`. */
export const glyphId = (color: Color, role: Role): string => `${color}-${role}`;

/** The `<symbol>` of one glyph, to place with `<use>`. */
export function glyphSymbol(color: Color, role: Role): string {
  const fill = INK[color];
  const contrast = INK[color === 'white' ? 'black' : 'white'];
  return (
    `<symbol id="${glyphId(color, role)}" viewBox="0 0 ${GLYPH_BOX} ${GLYPH_BOX}">` +
    `<g fill="${fill}" stroke="${INK.black}" stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">` +
    SHAPES[role].replace(/class="detail"/g, `fill="none" stroke="${contrast}"`).replace(/class="detail-fill"/g, `fill="${contrast}" stroke="none"`) +
    '</g></symbol>'
  );
}
