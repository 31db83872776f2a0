/**
 * The interactive board: the diagram of `tools/svg` redrawn on every change, with the legal
 * destinations of the piece picked up, click-click and drag moves (pointer events: mouse, pen and
 * touch alike), a promotion chooser, drops from a pocket, and the last move and check marked.
 * It knows no rules: the page gives it the pieces and the legal moves and hears which was chosen.
 */
import { boardSvg, type DiagramPiece } from '../tools/svg/diagram.js';
import { glyphSymbol } from '../tools/svg/pieces.js';
import type { Color, Role } from '../chess/types.js';
import { squareName } from '../core/square.js';

/** A move the board offers; `rook` lets castling be played king-takes-rook as well. */
export interface BoardMove {
  readonly from: number;
  readonly to: number;
  readonly rook?: number | undefined;
  readonly promotion?: Role | undefined;
  readonly drop?: Role | undefined;
}

export interface BoardState {
  readonly pieces: readonly DiagramPiece[];
  /** The moves the user may make now (none: the board only shows). */
  readonly moves: readonly BoardMove[];
  readonly orientation: Color;
  /** Squares of the last move, tinted. */
  readonly lastMove?: readonly number[];
  /** A king's square to mark as in check. */
  readonly check?: number | undefined;
  readonly coordinates?: boolean;
}

/** The diagram's geometry (`tools/svg/diagram.ts`: 45-unit squares, a margin of 0.4 of one). */
const SQUARE = 45;
const MARGIN = Math.round(SQUARE * 0.4);
const PROMOTION_ORDER: readonly Role[] = ['queen', 'knight', 'rook', 'bishop', 'king'];

/**
 * The square a move is made by: its target, except a Chess960 castling that leaves the king where
 * it stands, made by putting the king on its rook (a click on the king itself puts it down).
 */
const destination = (m: BoardMove): number => (m.rook !== undefined && m.to === m.from ? m.rook : m.to);

/** One piece's glyph (`tools/svg/pieces.ts`) as a standalone SVG, for buttons (promotion, pockets). */
export function pieceSvg(color: Color, role: Role): string {
  return glyphSymbol(color, role).replace(/^<symbol id="[^"]*"/, '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true"').replace(/<\/symbol>$/, '</svg>');
}

/** What is picked up: a piece on a square, or a role from the pocket. */
type Selection = { readonly square: number } | { readonly drop: Role };

export class BoardView {
  readonly host: HTMLElement;
  private state: BoardState = { pieces: [], moves: [], orientation: 'white' };
  private selected: Selection | undefined;
  private drag: { pointer: number; square: number; x0: number; y0: number; moved: boolean; wasSelected: boolean } | undefined;
  private chooser: HTMLElement | undefined;
  /** Called with the move chosen and the event that chose it (for its time stamp). */
  onMove: (move: BoardMove, event: Event) => void = () => {};
  /** Called after each redraw (the page marks timings there). */
  onDraw: () => void = () => {};

  constructor(host: HTMLElement) {
    this.host = host;
    host.addEventListener('pointerdown', (e) => this.pointerDown(e));
    host.addEventListener('pointermove', (e) => this.pointerMove(e));
    host.addEventListener('pointerup', (e) => this.pointerUp(e));
    host.addEventListener('pointercancel', () => this.cancelDrag());
    host.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  /** Shows a new state; the selection is kept only if its piece can still move. */
  set(state: BoardState): void {
    this.state = state;
    this.closeChooser();
    if (this.selected !== undefined && this.destsOf(this.selected).length === 0) this.selected = undefined;
    this.draw();
  }

  get orientation(): Color {
    return this.state.orientation;
  }

  /** Picks up a role from the pocket (crazyhouse); again, or a role with no drop, puts it back. */
  selectDrop(role: Role): void {
    const same = this.selected !== undefined && 'drop' in this.selected && this.selected.drop === role;
    this.selected = same ? undefined : { drop: role };
    if (this.selected !== undefined && this.destsOf(this.selected).length === 0) this.selected = undefined;
    this.draw();
  }

  /** The square picked up, if any (for the page's test hooks). */
  get selectedSquare(): number | undefined {
    return this.selected !== undefined && 'square' in this.selected ? this.selected.square : undefined;
  }

  /** The moves of the selection, to each destination (castling also to the rook's square). */
  private destsOf(sel: Selection): BoardMove[] {
    return this.state.moves.filter((m) => ('square' in sel ? m.drop === undefined && m.from === sel.square : m.drop === sel.drop));
  }

  private movesTo(sel: Selection, sq: number): BoardMove[] {
    const moves = this.destsOf(sel);
    const direct = moves.filter((m) => destination(m) === sq);
    return direct.length > 0 ? direct : moves.filter((m) => m.rook === sq);
  }

  private draw(): void {
    const s = this.state;
    const highlights = [...(s.lastMove ?? [])];
    let svg = boardSvg(s.pieces, { orientation: s.orientation, highlights, check: s.check, coordinates: s.coordinates ?? true });
    const overlay: string[] = [];
    if (this.selected !== undefined) {
      if ('square' in this.selected) overlay.push(this.rect(this.selected.square, 'class="selected" fill="#14551e" fill-opacity="0.5"'));
      const seen = new Set<number>();
      for (const m of this.destsOf(this.selected)) {
        const to = destination(m);
        if (seen.has(to)) continue;
        seen.add(to);
        const occupied = s.pieces.some((p) => p.square === to);
        const [cx, cy] = this.centre(to);
        overlay.push(
          occupied
            ? `<circle class="dest capture" data-dest="${squareName(to)}" cx="${cx}" cy="${cy}" r="${SQUARE * 0.46}" fill="none" stroke="#14551e" stroke-opacity="0.55" stroke-width="${SQUARE * 0.08}"/>`
            : `<circle class="dest" data-dest="${squareName(to)}" cx="${cx}" cy="${cy}" r="${SQUARE * 0.16}" fill="#14551e" fill-opacity="0.5"/>`,
        );
      }
    }
    if (overlay.length > 0) {
      // Under the pieces, so that a piece being captured stays visible inside its ring.
      svg = svg.replace('<g class="pieces">', `<g class="overlay">${overlay.join('')}</g><g class="pieces">`);
    }
    this.host.innerHTML = svg;
    this.onDraw();
  }

  /** Top-left corner of a square in the diagram's units. */
  private corner(sq: number): [number, number] {
    const flipped = this.state.orientation === 'black';
    const file = flipped ? 7 - (sq & 7) : sq & 7;
    const row = flipped ? sq >> 3 : 7 - (sq >> 3);
    return [(this.state.coordinates ?? true ? MARGIN : 0) + file * SQUARE, row * SQUARE];
  }

  private centre(sq: number): [number, number] {
    const [x, y] = this.corner(sq);
    return [x + SQUARE / 2, y + SQUARE / 2];
  }

  private rect(sq: number, attributes: string): string {
    const [x, y] = this.corner(sq);
    return `<rect x="${x}" y="${y}" width="${SQUARE}" height="${SQUARE}" ${attributes}/>`;
  }

  /** Diagram units per CSS pixel, and the diagram's origin on the screen. */
  private frame(): { scale: number; left: number; top: number } | undefined {
    const svg = this.host.querySelector('svg');
    if (svg === null) return undefined;
    const box = svg.getBoundingClientRect();
    const width = Number(svg.getAttribute('width'));
    if (!(box.width > 0) || !(width > 0)) return undefined;
    return { scale: width / box.width, left: box.left, top: box.top };
  }

  /** The square under a point of the screen, or undefined off the board. */
  squareAt(clientX: number, clientY: number): number | undefined {
    const f = this.frame();
    if (f === undefined) return undefined;
    const x = (clientX - f.left) * f.scale - (this.state.coordinates ?? true ? MARGIN : 0);
    const y = (clientY - f.top) * f.scale;
    const col = Math.floor(x / SQUARE);
    const row = Math.floor(y / SQUARE);
    if (col < 0 || col > 7 || row < 0 || row > 7) return undefined;
    return this.state.orientation === 'black' ? row * 8 + (7 - col) : (7 - row) * 8 + col;
  }

  private pointerDown(e: PointerEvent): void {
    if (e.button !== 0 || this.chooser !== undefined) return;
    const started = performance.now();
    const sq = this.squareAt(e.clientX, e.clientY);
    if (sq === undefined) return;
    e.preventDefault();
    // A destination of the piece (or pocket piece) picked up: the move.
    if (this.selected !== undefined && this.tryMove(this.selected, sq, e)) return;
    const own = this.state.moves.some((m) => m.drop === undefined && m.from === sq);
    if (!own) {
      if (this.selected !== undefined) {
        this.selected = undefined;
        this.draw();
      }
      return;
    }
    const wasSelected = this.selected !== undefined && 'square' in this.selected && this.selected.square === sq;
    this.selected = { square: sq };
    this.drag = { pointer: e.pointerId, square: sq, x0: e.clientX, y0: e.clientY, moved: false, wasSelected };
    this.host.setPointerCapture(e.pointerId);
    if (!wasSelected) {
      this.draw();
      // How long a piece took to be picked up and its destinations drawn: from the input event
      // (what the user waits for) and from the handler's start (the page's own work).
      performance.measure('caissa:select', { start: e.timeStamp, end: performance.now() });
      performance.measure('caissa:select-work', { start: started, end: performance.now() });
    }
  }

  private pointerMove(e: PointerEvent): void {
    const d = this.drag;
    if (d === undefined || d.pointer !== e.pointerId) return;
    const f = this.frame();
    if (f === undefined) return;
    if (!d.moved && Math.hypot(e.clientX - d.x0, e.clientY - d.y0) < 4) return;
    d.moved = true;
    // The piece follows the pointer: its glyph moved by the pointer's offset, in diagram units.
    const piece = this.host.querySelector<SVGUseElement>(`g.pieces use[data-square="${squareName(d.square)}"]`);
    if (piece === null) return;
    piece.setAttribute('transform', `translate(${(e.clientX - d.x0) * f.scale} ${(e.clientY - d.y0) * f.scale})`);
    piece.parentNode?.appendChild(piece); // on top of the others
  }

  private pointerUp(e: PointerEvent): void {
    const d = this.drag;
    if (d === undefined || d.pointer !== e.pointerId) return;
    this.drag = undefined;
    if (this.host.hasPointerCapture(e.pointerId)) this.host.releasePointerCapture(e.pointerId);
    const sq = this.squareAt(e.clientX, e.clientY);
    if (d.moved) {
      if (sq !== undefined && sq !== d.square && this.tryMove({ square: d.square }, sq, e)) return;
      this.draw(); // back to its square, still picked up
      return;
    }
    // A click on the piece already picked up puts it down.
    if (d.wasSelected && sq === d.square) {
      this.selected = undefined;
      this.draw();
    }
  }

  private cancelDrag(): void {
    if (this.drag === undefined) return;
    this.drag = undefined;
    this.draw();
  }

  /** Plays the move of `sel` to `sq` if there is one (asking for the promotion role when needed). */
  private tryMove(sel: Selection, sq: number, e: Event): boolean {
    const moves = this.movesTo(sel, sq);
    if (moves.length === 0) return false;
    this.drag = undefined;
    if (moves.length === 1) {
      this.selected = undefined;
      this.onMove(moves[0]!, e);
      return true;
    }
    this.openChooser(moves);
    return true;
  }

  /** The promotion chooser: one button per role, over the board; Escape or a click outside cancels. */
  private openChooser(moves: readonly BoardMove[]): void {
    this.closeChooser();
    const chooser = document.createElement('div');
    chooser.className = 'promotion';
    chooser.setAttribute('role', 'dialog');
    chooser.setAttribute('aria-label', 'Promote to');
    const colour = this.state.pieces.find((p) => p.square === moves[0]!.from)?.color ?? 'white';
    const sorted = [...moves].sort((a, b) => PROMOTION_ORDER.indexOf(a.promotion!) - PROMOTION_ORDER.indexOf(b.promotion!));
    for (const m of sorted) {
      const button = document.createElement('button');
      button.type = 'button';
      button.dataset['promotion'] = m.promotion ?? '';
      button.title = m.promotion ?? '';
      button.innerHTML = pieceSvg(colour, m.promotion ?? 'queen');
      button.addEventListener('click', (e) => {
        this.closeChooser();
        this.selected = undefined;
        this.onMove(m, e);
      });
      chooser.appendChild(button);
    }
    chooser.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') this.cancelChooser();
    });
    chooser.addEventListener('pointerdown', (e) => {
      if (e.target === chooser) this.cancelChooser();
      e.stopPropagation();
    });
    this.host.parentElement!.appendChild(chooser);
    this.chooser = chooser;
    (chooser.firstElementChild as HTMLElement | null)?.focus();
  }

  private cancelChooser(): void {
    this.closeChooser();
    this.selected = undefined;
    this.draw();
  }

  private closeChooser(): void {
    this.chooser?.remove();
    this.chooser = undefined;
  }
}
