/**
 * Progressive chess in the playground (`?variant=progressive`): the series counter and whose
 * series it is, moves played on the page's board, the course problems from a list, and a Solve
 * button that runs `solveSeries` in a Web Worker (progress, cancel) and then plays the series it
 * found move by move, or says that no mate exists ("proven": the complete search ran to its end).
 *
 * URL: `fen` is the start in progressive text form (`makeProgressive`) or a course line
 * (`<board> <w|b> <N>`), `moves` the UCI moves played from it. The board's `data-fen` is the
 * progressive text form of the position shown; `data-status` is `playing`, `checkmate`,
 * `stalemate`, `draw`, `solving`, `mate-found` or `no-mate`, and `data-replay` is `running`
 * while a found series is played out, `done` once it is on the board.
 */
import { err, ok, type Result } from '../../core/result.js';
import { MOVE_CASTLE, castlingKingTo, moveFrom, movePromotion, moveTo } from '../../chess/move.js';
import { ROLES, type Color } from '../../chess/types.js';
import { makeSanCode } from '../../notation/san.js';
import { ProgressivePosition } from '../../variants/progressive/position.js';
import { makeProgressive, parseCourseProblem, parseProgressive } from '../../variants/progressive/text.js';
import type { DiagramPiece } from '../../tools/svg/diagram.js';
import type { BoardMove } from '../board-view.js';
import type { MountedPlugin, PluginContext, VariantPlugin } from '../plugins.js';
import { PROBLEMS } from './problems.js';
import type { SolveReply, SolveRequest } from './solver-protocol.js';

/** Milliseconds between two moves of a found series played out on the board. */
const REPLAY_MS = 350;

/** A start position from the URL's or the user's text: progressive text form or a course line. */
export function readProgressiveStart(text: string): Result<ProgressivePosition, { message: string }> {
  const fields = text.trim().split(/\s+/).length;
  if (fields === 3) {
    const p = parseCourseProblem(text);
    return p.ok ? ok(p.value.position) : err({ message: `course line: ${p.error.message}` });
  }
  const p = parseProgressive(text, { lenient: true });
  return p.ok ? ok(p.value) : err({ message: `progressive position: ${p.error.message}` });
}

/** The board's move for a series move code (castling: the king's square and the rook's). */
function boardMove(code: number): BoardMove {
  const from = moveFrom(code);
  if (code >> 12 === MOVE_CASTLE) return { from, to: castlingKingTo(code), rook: moveTo(code) };
  const promotion = movePromotion(code);
  return { from, to: moveTo(code), promotion: promotion === 0 ? undefined : ROLES[promotion] };
}

function pieces(pos: ProgressivePosition): DiagramPiece[] {
  const chess = pos.chess;
  const out: DiagramPiece[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const p = chess.pieceAt(sq);
    if (p !== undefined) out.push({ square: sq, color: p.color, role: p.role });
  }
  return out;
}

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

function mount(ctx: PluginContext): MountedPlugin {
  const { board, boardElement, panel } = ctx;
  /** The positions from the start; `codes[i]` leads from `line[i]` to `line[i + 1]`. */
  let line: ProgressivePosition[] = [ProgressivePosition.standard()];
  let codes: number[] = [];
  let orientation: Color = 'white';
  let worker: Worker | undefined;
  let request = 0;
  let replay: number | undefined;
  let solveStatus: 'solving' | 'mate-found' | 'no-mate' | undefined;
  const pageOnMove = board.onMove;

  // ---- the panel ----
  const counter = el('p', { class: 'series-counter', 'data-testid': 'series-counter', 'aria-live': 'polite' });
  const problemList = el('select', { 'aria-label': 'Course problems' });
  problemList.style.maxWidth = '100%';
  problemList.append(el('option', { value: '' }, 'Load a course problem…'));
  PROBLEMS.forEach((p, i) => problemList.append(el('option', { value: String(i) }, p.label)));
  const fenInput = el('input', { type: 'text', 'aria-label': 'Progressive position or course line', placeholder: 'board w|b N, or the progressive text form', spellcheck: 'false' });
  const loadButton = el('button', { type: 'button' }, 'Load');
  const solveButton = el('button', { type: 'button', class: 'solve' }, 'Solve');
  const cancelButton = el('button', { type: 'button', class: 'cancel', hidden: '' }, 'Cancel');
  const undoButton = el('button', { type: 'button' }, 'Take back');
  const flipButton = el('button', { type: 'button', class: 'flip' }, 'Flip');
  const progress = el('p', { class: 'solver-progress', 'aria-live': 'polite' });
  const result = el('p', { class: 'solver-result', 'aria-live': 'polite' });
  const series = el('ol', { class: 'series-moves' });
  const row = (...children: HTMLElement[]): HTMLElement => {
    const d = el('div', { class: 'row' });
    d.append(...children);
    return d;
  };
  panel.append(
    el('h2', {}, 'Progressive chess'),
    counter,
    row(problemList),
    row(fenInput, loadButton),
    row(solveButton, cancelButton, undoButton, flipButton),
    progress,
    result,
    series,
  );

  const current = (): ProgressivePosition => line[line.length - 1]!;

  function gameStatus(pos: ProgressivePosition): string {
    const o = pos.outcome();
    if (o === undefined) return 'playing';
    if (o.reason === 'checkmate') return 'checkmate';
    if (o.reason === 'progressiveStalemate') return 'stalemate';
    return 'draw';
  }

  function render(): void {
    const pos = current();
    const status = solveStatus ?? gameStatus(pos);
    const busy = solveStatus === 'solving' || replay !== undefined;
    const last = codes.length > 0 ? boardMove(codes[codes.length - 1]!) : undefined;
    board.set({
      pieces: pieces(pos),
      moves: status === 'playing' && !busy ? pos.legalMoves().map(boardMove) : [],
      orientation,
      lastMove: last === undefined ? [] : [last.from, last.rook ?? last.to],
      check: pos.isCheck() ? pos.chess.king(pos.turn) : undefined,
    });
    const who = pos.turn === 'white' ? 'White' : 'Black';
    const step = pos.series - pos.movesLeft + 1;
    const over = gameStatus(pos);
    counter.textContent = over === 'checkmate' ? `Series ${pos.series} · ${who} is checkmated.`
      : over === 'stalemate' ? `Series ${pos.series} · ${who} has no legal move: stalemate.`
      : over === 'draw' ? `Series ${pos.series} · drawn.`
      : `Series ${pos.series} · ${who} to play · move ${step} of ${pos.series} (${pos.rules} rules)`;
    boardElement.dataset['orientation'] = orientation;
    boardElement.dataset['series'] = String(pos.series);
    boardElement.dataset['seriesMove'] = String(step);
    ctx.setFen(makeProgressive(pos));
    ctx.setStatus(status);
    solveButton.disabled = busy || gameStatus(pos) !== 'playing';
    undoButton.disabled = busy || codes.length === 0;
    ctx.drawn();
  }

  function syncUrl(): void {
    const uci = codes.map((c, i) => line[i]!.uci(c));
    ctx.setUrlParams({ fen: makeProgressive(line[0]!), moves: uci.length > 0 ? uci.join(' ') : undefined });
  }

  /** A new start; `moves` (UCI, from the URL) played from it. */
  function load(start: ProgressivePosition, moves: readonly string[] = []): void {
    stopAll();
    line = [start];
    codes = [];
    series.replaceChildren();
    result.textContent = '';
    progress.textContent = '';
    for (const u of moves) {
      const code = current().parseMove(u);
      if (!code.ok) {
        ctx.say(`moves: ${code.error.message}`, true);
        break;
      }
      codes.push(code.value);
      line.push(current().playUnchecked(code.value));
    }
    render();
    syncUrl();
  }

  function play(code: number): void {
    codes.push(code);
    line.push(current().playUnchecked(code));
  }

  board.onMove = (bm) => {
    const pos = current();
    const code = pos.legalMoves().find((c) => {
      const m = boardMove(c);
      return m.from === bm.from && m.to === bm.to && m.promotion === bm.promotion;
    });
    if (code === undefined || solveStatus === 'solving' || replay !== undefined) return;
    solveStatus = undefined;
    play(code);
    render();
    syncUrl();
  };

  function stopWorker(): void {
    worker?.terminate();
    worker = undefined;
  }

  function stopAll(): void {
    stopWorker();
    if (replay !== undefined) clearTimeout(replay);
    replay = undefined;
    delete boardElement.dataset['replay'];
    solveStatus = undefined;
    cancelButton.hidden = true;
  }

  function solve(): void {
    const pos = current();
    stopAll();
    const id = ++request;
    // A bundle of its own beside the page's (scripts/build-web.js), loaded only now; the URL is
    // relative to the page's bundle, which this module is part of.
    worker = new Worker(new URL('./progressive/solver-worker.js', import.meta.url), { type: 'module' });
    solveStatus = 'solving';
    cancelButton.hidden = false;
    series.replaceChildren();
    result.textContent = '';
    progress.textContent = 'Solving…';
    const who = pos.turn === 'white' ? 'White' : 'Black';
    worker.onmessage = (e: MessageEvent<SolveReply>) => {
      const r = e.data;
      if (r.id !== id) return;
      if (r.type === 'progress') {
        progress.textContent = `Solving… ${r.nodes.toLocaleString('en')} positions, ${(r.ms / 1000).toFixed(1)} s`;
        return;
      }
      stopWorker();
      cancelButton.hidden = true;
      if (r.type === 'error') {
        solveStatus = undefined;
        progress.textContent = '';
        ctx.say(`solver: ${r.message}`, true);
        render();
        return;
      }
      progress.textContent = `${r.nodes.toLocaleString('en')} positions in ${(r.ms / 1000).toFixed(2)} s`;
      if (r.status === 'mate' && r.solution !== null) {
        solveStatus = 'mate-found';
        result.textContent = `${who} mates in ${pos.movesLeft}:`;
        playSeries(r.solution);
      } else if (r.status === 'none') {
        solveStatus = 'no-mate';
        result.textContent = `No mate in ${pos.movesLeft}: proven (every series of ${pos.movesLeft} searched).`;
        render();
      } else {
        solveStatus = undefined;
        result.textContent = 'Stopped before an answer.';
        render();
      }
    };
    worker.onerror = (e) => {
      stopAll();
      ctx.say(`solver: ${e.message}`, true);
      render();
    };
    const message: SolveRequest = { id, position: makeProgressive(pos), n: pos.movesLeft };
    worker.postMessage(message);
    render();
  }

  /** Plays the found series on the board, one move every REPLAY_MS, listing it in SAN. */
  function playSeries(uci: readonly string[]): void {
    boardElement.dataset['replay'] = 'running';
    let i = 0;
    const step = (): void => {
      const pos = current();
      const code = pos.parseMove(uci[i]!);
      if (!code.ok) {
        ctx.say(`series: ${code.error.message}`, true);
        replay = undefined;
        render();
        return;
      }
      series.append(el('li', {}, `${makeSanCode(pos.words, code.value)}`));
      play(code.value);
      i++;
      replay = i < uci.length ? window.setTimeout(step, REPLAY_MS) : undefined;
      if (replay === undefined) {
        boardElement.dataset['replay'] = 'done';
        syncUrl();
      }
      render();
    };
    replay = window.setTimeout(step, REPLAY_MS);
    render();
  }

  solveButton.addEventListener('click', solve);
  cancelButton.addEventListener('click', () => {
    stopAll();
    progress.textContent = 'Cancelled.';
    render();
  });
  undoButton.addEventListener('click', () => {
    if (codes.length === 0) return;
    solveStatus = undefined;
    codes.pop();
    line.pop();
    render();
    syncUrl();
  });
  flipButton.addEventListener('click', (e) => {
    orientation = orientation === 'white' ? 'black' : 'white';
    render();
    // From the click to the board redrawn: the page stays responsive while the solver runs.
    performance.measure('caissa:progressive-flip', { start: e.timeStamp, end: performance.now() });
  });
  const loadText = (text: string): void => {
    const start = readProgressiveStart(text);
    if (!start.ok) {
      ctx.say(start.error.message, true);
      return;
    }
    ctx.say('');
    load(start.value);
  };
  loadButton.addEventListener('click', () => loadText(fenInput.value));
  fenInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') loadText(fenInput.value);
  });
  problemList.addEventListener('change', () => {
    const p = PROBLEMS[Number(problemList.value)];
    if (p === undefined) return;
    fenInput.value = p.line;
    loadText(p.line);
  });

  // The start from the URL.
  const fen = ctx.params.get('fen');
  const moves = (ctx.params.get('moves') ?? '').split(/\s+/).filter((m) => m !== '');
  if (fen !== null && fen.trim() !== '') {
    const start = readProgressiveStart(fen);
    if (start.ok) load(start.value, moves);
    else {
      ctx.say(start.error.message, true);
      load(ProgressivePosition.standard());
    }
  } else load(ProgressivePosition.standard(), moves);

  return {
    unmount(): void {
      stopAll();
      board.onMove = pageOnMove;
    },
  };
}

export const progressivePlugin: VariantPlugin = { name: 'progressive', label: 'Progressive chess', mount };
