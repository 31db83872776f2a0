/**
 * Paco Ŝako in the playground (`?variant=paco&fen=…`): unions drawn as pairs, a turn played one
 * action at a time — a click lifts a piece or a union, a click places it; when the place frees a
 * piece of a union, that piece is in hand and the next click carries it on — Ŝako and "can Paco
 * now" from the reverse amazon search, a button that plays the shortest Paco sequence action by
 * action, and the Paco FEN and action JSON in and out.
 *
 * The page's board element shows the diagram (`tools/svg` `pacoDiagram`) with the lift or place
 * squares of the next action marked; the page's own board stays idle (no moves) meanwhile. Test
 * hooks on the board element: `data-fen` (the Paco FEN, a piece in hand as `^sqP`), `data-status`
 * (`playing`, `paco`, `draw`, `no-legal-action`, `timeout`), `data-step` (`lift`, `place`,
 * `promote`, `over`), `data-sako` (`none`, `white`, `black`, `both`, `unknown`: whose king the
 * other side could unite with), `data-paco-now` (`yes`, `no`, `unknown`) and `data-animating`.
 */
import { COLORS, type Color, type Role } from '../../chess/types.js';
import { squareName } from '../../core/square.js';
import { pacoDiagram } from '../../tools/svg/index.js';
import { actionName, PIECE_NAMES } from '../../variants/paco/action-text.js';
import { pieceSvg } from '../board-view.js';
import type { MountedPlugin, PluginContext, VariantPlugin } from '../plugins.js';
import { PacoPlay, type PacoThreats } from './play.js';

/** Milliseconds between two actions of the shortest Paco sequence played out. */
const ANIMATION_MS = 450;
/** The diagram's geometry (`tools/svg/diagram.ts`): 45-unit squares, a margin of 0.4 of one. */
const SQUARE = 45;
const MARGIN = Math.round(SQUARE * 0.4);
const ROLE_OF: readonly Role[] = PIECE_NAMES.map((n) => n.toLowerCase() as Role);

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

const pieceName = (color: number, piece: number): string => `${COLORS[color]} ${ROLE_OF[piece]}`;

function mount(ctx: PluginContext): MountedPlugin {
  const { board, boardElement, panel } = ctx;
  const initial = PacoPlay.fromFen();
  if (!initial.ok) throw new Error(initial.error.message); // the standard start always reads
  let game = initial.value;
  let orientation: Color = 'white';
  let animation: number | undefined;
  let threatTimer: number | undefined;
  let threats: PacoThreats | undefined;

  // ---- the panel ----
  const turnLine = el('p', { class: 'paco-turn', 'aria-live': 'polite' });
  const handBox = el('div', { class: 'paco-hand', 'aria-live': 'polite' });
  const sakoLine = el('p', { class: 'paco-sako', 'aria-live': 'polite' });
  const promoteRow = el('div', { class: 'row paco-promote', hidden: '' });
  const undoButton = el('button', { type: 'button' }, 'Take back action');
  const undoTurnButton = el('button', { type: 'button' }, 'Take back turn');
  const pacoButton = el('button', { type: 'button', class: 'paco-show' }, 'Show shortest Paco');
  const flipButton = el('button', { type: 'button', class: 'flip' }, 'Flip');
  const fenInput = el('input', { type: 'text', 'aria-label': 'Paco FEN', spellcheck: 'false' });
  const loadButton = el('button', { type: 'button' }, 'Load FEN');
  const copyButton = el('button', { type: 'button' }, 'Copy FEN');
  const jsonBox = el('textarea', { rows: '3', 'aria-label': 'Actions as JSON', spellcheck: 'false' });
  const jsonButton = el('button', { type: 'button' }, 'Play actions');
  const log = el('ol', { class: 'paco-actions' });
  const row = (...children: HTMLElement[]): HTMLElement => {
    const d = el('div', { class: 'row' });
    d.append(...children);
    return d;
  };
  panel.append(
    el('h2', {}, 'Paco Ŝako'),
    turnLine,
    handBox,
    promoteRow,
    sakoLine,
    row(undoButton, undoTurnButton, pacoButton, flipButton),
    row(fenInput, loadButton, copyButton),
    el('label', {}, 'Actions (JSON)'),
    jsonBox,
    row(jsonButton),
    log,
  );

  /** Top-left corner of a square in the diagram's units. */
  const corner = (sq: number): [number, number] => {
    const flipped = orientation === 'black';
    const file = flipped ? 7 - (sq & 7) : sq & 7;
    const rank = flipped ? sq >> 3 : 7 - (sq >> 3);
    return [MARGIN + file * SQUARE, rank * SQUARE];
  };

  function statusWord(): string {
    const o = game.outcome;
    if (o === undefined) return 'playing';
    if (o.reason === 'paco') return 'paco';
    if (o.reason === 'noLegalAction') return 'no-legal-action';
    if (o.reason === 'timeout') return 'timeout';
    return 'draw';
  }

  function draw(): void {
    const step = game.step;
    const hand = game.hand;
    const marks = step === 'lift' ? game.liftSquares() : step === 'place' ? game.placeSquares() : [];
    const last = game.actions.at(-1);
    const highlights = hand !== undefined ? [hand.from] : last !== undefined && last >= 65 && last < 129 ? [last - 65] : [];
    let svg = pacoDiagram(game.state, { orientation, highlights });
    const overlay = marks.map((sq) => {
      const [x, y] = corner(sq);
      const kind = step === 'lift' ? 'lift' : 'place';
      return `<circle class="paco-${kind}" data-target="${squareName(sq)}" cx="${x + SQUARE / 2}" cy="${y + SQUARE / 2}" r="${SQUARE * (kind === 'lift' ? 0.44 : 0.16)}" fill="${kind === 'lift' ? 'none' : '#14551e'}" stroke="#14551e" stroke-width="${kind === 'lift' ? 2 : 0}" fill-opacity="0.5" stroke-opacity="0.45"/>`;
    });
    svg = svg.replace('<g class="pieces">', `<g class="overlay">${overlay.join('')}</g><g class="pieces">`);
    boardElement.innerHTML = svg;
  }

  function render(): void {
    // The page's board draws nothing and offers no move while Paco Ŝako owns the element.
    board.set({ pieces: [], moves: [], orientation });
    draw();
    const step = game.step;
    const hand = game.hand;
    const who = game.player === 0 ? 'White' : 'Black';
    const o = game.outcome;
    turnLine.textContent = o !== undefined
      ? o.reason === 'paco' ? `Paco: ${o.winner === 'white' ? 'White' : 'Black'} has united with the king.` : `Game over: ${o.reason}${o.winner ? `, ${o.winner} wins` : ''}.`
      : `${who} to ${step === 'lift' ? 'lift a piece' : step === 'place' ? 'place the piece in hand' : 'choose a promotion'}.`;
    handBox.replaceChildren();
    if (hand !== undefined) {
      const glyph = el('span', { class: 'glyph' });
      glyph.innerHTML = pieceSvg(COLORS[hand.color]!, ROLE_OF[hand.piece]!) + (hand.partner >= 0 ? pieceSvg(COLORS[hand.color ^ 1]!, ROLE_OF[hand.partner]!) : '');
      for (const svg of glyph.querySelectorAll('svg')) {
        svg.setAttribute('width', '40');
        svg.setAttribute('height', '40');
        svg.setAttribute('viewBox', '0 0 45 45');
      }
      handBox.append(
        glyph,
        el('span', {}, `In hand: ${pieceName(hand.color, hand.piece)}${hand.partner >= 0 ? ` with the ${pieceName(hand.color ^ 1, hand.partner)}` : ''}, from ${squareName(hand.from)}`),
      );
    }
    promoteRow.replaceChildren();
    promoteRow.hidden = step !== 'promote';
    for (const t of step === 'promote' ? game.promotions() : []) {
      const b = el('button', { type: 'button', 'data-promote': PIECE_NAMES[t]! }, PIECE_NAMES[t]!);
      b.addEventListener('click', () => act(128 + t));
      promoteRow.append(b);
    }
    log.replaceChildren(...game.actions.map((c) => el('li', {}, actionName(c))));
    jsonBox.value = game.actionsJson();
    fenInput.value = game.fen;
    undoButton.disabled = animation !== undefined || game.actions.length === 0;
    undoTurnButton.disabled = animation !== undefined || hand === undefined;
    ctx.setFen(game.fen);
    ctx.setStatus(statusWord());
    boardElement.dataset['orientation'] = orientation;
    boardElement.dataset['step'] = step;
    if (hand !== undefined) boardElement.dataset['hand'] = `${pieceName(hand.color, hand.piece)}@${squareName(hand.from)}`;
    else delete boardElement.dataset['hand'];
    ctx.drawn();
    scheduleThreats();
  }

  /**
   * Ŝako and Paco-now after the board is drawn: the searches take well under a millisecond on
   * most positions but tens on a few (capped, see PAGE_SAKO_STATES), so the move is answered first.
   */
  function scheduleThreats(): void {
    if (threatTimer !== undefined) clearTimeout(threatTimer);
    threats = undefined;
    boardElement.dataset['sako'] = 'pending';
    boardElement.dataset['pacoNow'] = 'pending';
    sakoLine.textContent = '…';
    pacoButton.disabled = true;
    threatTimer = window.setTimeout(() => {
      threatTimer = undefined;
      threats = game.threats();
      const { canPacoNow: c } = threats;
      // Mid-turn, the Ŝako of the side in control is undefined (docs/rules/paco-sako.md, decisions):
      // not shown; otherwise an undefined answer is a search past its limit.
      const midTurn = game.hand !== undefined;
      const known = (side: number, v: boolean | undefined): boolean | undefined => (v === undefined && midTurn && side === game.player ? false : v);
      const w = known(0, threats.whiteInSako);
      const b = known(1, threats.blackInSako);
      const sako = w === undefined || b === undefined ? 'unknown' : w && b ? 'both' : w ? 'white' : b ? 'black' : 'none';
      boardElement.dataset['sako'] = sako;
      boardElement.dataset['pacoNow'] = c === undefined ? 'unknown' : c ? 'yes' : 'no';
      const who = game.player === 0 ? 'White' : 'Black';
      const parts: string[] = [];
      if (w) parts.push('White is in Ŝako');
      if (b) parts.push('Black is in Ŝako');
      if (w === undefined || b === undefined) parts.push('Ŝako: unknown (search limit)');
      if (parts.length === 0) parts.push('No Ŝako');
      parts.push(c === undefined ? 'Paco now: unknown (search limit)' : c ? `${who} can Paco now` : `${who} cannot Paco now`);
      sakoLine.textContent = parts.join(' · ') + '.';
      pacoButton.disabled = animation !== undefined || c !== true;
    }, 0);
  }

  function act(code: number): void {
    const r = game.play(code);
    if (!r.ok) {
      ctx.say(r.error.message, true);
      return;
    }
    ctx.say('');
    render();
    ctx.setUrlParams({ fen: game.fen });
  }

  const onClick = (e: MouseEvent): void => {
    if (animation !== undefined) return;
    const sq = board.squareAt(e.clientX, e.clientY);
    if (sq === undefined) return;
    const code = game.actionAt(sq);
    if (code !== undefined) act(code);
  };
  boardElement.addEventListener('click', onClick);

  function stopAnimation(): void {
    if (animation !== undefined) clearTimeout(animation);
    animation = undefined;
    delete boardElement.dataset['animating'];
  }

  /** Plays the shortest Paco sequence on the board, one action every ANIMATION_MS. */
  function showPaco(): void {
    const seq = game.shortestPaco();
    if (seq === undefined) {
      ctx.say('No Paco this turn.');
      return;
    }
    ctx.say(`Paco in ${seq.length} actions: ${seq.map(actionName).join(', ')}`);
    boardElement.dataset['animating'] = 'true';
    let i = 0;
    const step = (): void => {
      game.play(seq[i++]!);
      animation = i < seq.length ? window.setTimeout(step, ANIMATION_MS) : undefined;
      if (animation === undefined) delete boardElement.dataset['animating'];
      render();
      if (animation === undefined) ctx.setUrlParams({ fen: game.fen });
    };
    animation = window.setTimeout(step, ANIMATION_MS);
    render();
  }

  function load(fen: string): boolean {
    const g = PacoPlay.fromFen(fen);
    if (!g.ok) {
      ctx.say(`Paco FEN: ${g.error.message}`, true);
      return false;
    }
    stopAnimation();
    game = g.value;
    ctx.say('');
    render();
    ctx.setUrlParams({ fen: game.fen });
    return true;
  }

  undoButton.addEventListener('click', () => {
    if (game.undo()) {
      render();
      ctx.setUrlParams({ fen: game.fen });
    }
  });
  undoTurnButton.addEventListener('click', () => {
    if (game.undoTurn() > 0) {
      render();
      ctx.setUrlParams({ fen: game.fen });
    }
  });
  pacoButton.addEventListener('click', showPaco);
  flipButton.addEventListener('click', () => {
    orientation = orientation === 'white' ? 'black' : 'white';
    render();
  });
  loadButton.addEventListener('click', () => load(fenInput.value));
  fenInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') load(fenInput.value);
  });
  copyButton.addEventListener('click', () => void navigator.clipboard?.writeText(game.fen).catch(() => {}));
  jsonButton.addEventListener('click', () => {
    const r = game.playJson(jsonBox.value);
    if (!r.ok) ctx.say(r.error.message, true);
    else ctx.say(`${r.value} actions played.`);
    render();
    ctx.setUrlParams({ fen: game.fen });
  });

  const fen = ctx.params.get('fen');
  if (fen === null || fen.trim() === '' || !load(fen)) render();

  return {
    unmount(): void {
      stopAnimation();
      if (threatTimer !== undefined) clearTimeout(threatTimer);
      boardElement.removeEventListener('click', onClick);
      for (const k of ['step', 'hand', 'sako', 'pacoNow', 'animating']) delete boardElement.dataset[k];
    },
  };
}

export const pacoPlugin: VariantPlugin = { name: 'paco', label: 'Paco Ŝako', mount };
