/**
 * The playground page: a board for chess, Chess960 and the lichess variants, its game as a tree
 * with variations, FEN and PGN in and out, the URL kept in step (`?variant=…&fen=…&moves=…`),
 * and the analysis panel (legal moves, perft in a worker, outcome and draw claims). Variants
 * with pages of their own mount through `plugins.ts`.
 *
 * The board element (`#board`) carries the page's state for scripts and tests: `data-fen`,
 * `data-variant`, `data-status`.
 */
import { boardSvg, type DiagramPiece } from '../tools/svg/diagram.js';
import type { Color } from '../chess/types.js';
import { BoardView, pieceSvg, type BoardMove } from './board-view.js';
import { registerVariantPlugin, variantPlugin, variantPlugins, type MountedPlugin, type PluginContext } from './plugins.js';
import type { PerftReply, PerftRequest } from './perft-worker.js';
import { BOARD_VARIANTS, isBoardVariant, POCKET_ROLES, positionFromFen, StartError, startPosition, VARIANT_LABELS, type BoardVariant, type PlayMove, type PlayPosition } from './rules.js';
import { GameNode, historyStatus, treeFromPgn, treePgn } from './tree.js';
import { BUILT_IN_PLUGINS } from './plugins-all.js';
import { EnginePanel } from './engine/engine-panel.js';

for (const p of BUILT_IN_PLUGINS) registerVariantPlugin(p);

/** Every variant name the URL may carry: the board's and the plug-ins' (`paco`, `progressive`). */
const URL_VARIANTS = ['chess', 'chess960', 'paco', 'progressive', ...BOARD_VARIANTS.slice(2)];

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (el === null) throw new Error(`page: no #${id}`);
  return el as T;
};

const boardElement = $('board');
const board = new BoardView(boardElement);

/** The page's state: the game tree, where we are in it, how it started. */
let variant: BoardVariant = 'chess';
let root = new GameNode(undefined, undefined, '', startPosition('chess'));
let current = root;
/** The FEN the game started from, and the variant's own start (no `fen=` in the URL when equal). */
let startFen = root.position.fen();
let defaultFen: string | undefined = startFen;
let orientation: Color = 'white';
let plugin: { name: string; mounted: MountedPlugin } | undefined;
let firstDrawn = false;

function say(text: string, error = false): void {
  const line = $('message');
  line.textContent = text;
  line.classList.toggle('error', error);
}

/** Marks the board drawn: the first time for the page's load time. */
function drawn(): void {
  if (!firstDrawn) {
    firstDrawn = true;
    performance.mark('caissa:first-board');
  }
}
board.onDraw = drawn;
/** Engine analysis from `caissa serve --engine` (hidden when the server has none). */
const engine = new EnginePanel($('engine-panel'));
void engine.probe();

// ---------------------------------------------------------------------------------------------
// Drawing.

function pieces(pos: PlayPosition): DiagramPiece[] {
  const out: DiagramPiece[] = [];
  for (let sq = 0; sq < 64; sq++) {
    const p = pos.pieceAt(sq);
    if (p !== undefined) out.push({ square: sq, ...p });
  }
  return out;
}

/** How each variant's own rule ends a game (docs/rules/variants.md), for the status line. */
const VARIANT_ENDS: Partial<Record<BoardVariant, string>> = {
  atomic: 'an exploded king',
  antichess: 'having no piece or no move left',
  horde: 'the horde captured',
  kingofthehill: 'the king on the hill',
  racingkings: 'the king on the eighth rank',
  '3check': 'the third check',
};

/** The status word of `data-status`, and a sentence for people. */
function status(node: GameNode): { word: string; text: string } {
  const h = historyStatus(node);
  const o = h.outcome;
  const turn = node.position.turn;
  if (o === undefined) {
    const claim = h.claim === 'threefoldRepetition' ? ' · threefold repetition: a draw can be claimed' : h.claim === 'fiftyMoves' ? ' · fifty moves: a draw can be claimed' : '';
    return { word: 'playing', text: `${turn === 'white' ? 'White' : 'Black'} to move${node.position.isCheck() ? ' (check)' : ''}${claim}` };
  }
  const winner = o.winner === undefined ? 'Draw' : `${o.winner === 'white' ? 'White' : 'Black'} wins`;
  const reasons: Record<string, string> = {
    checkmate: 'checkmate', stalemate: 'stalemate', insufficientMaterial: 'insufficient material', fivefoldRepetition: 'fivefold repetition',
    seventyFiveMoves: 'seventy-five moves', variantEnd: VARIANT_ENDS[variant] ?? `the ${VARIANT_LABELS[variant]} rule`,
  };
  // A win other than by mate is a variant's own (an exploded king, the third check, …).
  const word = o.reason === 'checkmate' ? 'checkmate' : o.winner !== undefined ? 'variant-end' : o.reason === 'stalemate' ? 'stalemate' : 'draw';
  return { word, text: `${winner} by ${reasons[o.reason] ?? o.reason}` };
}

/** Redraws everything that shows the current node. */
function render(): void {
  const pos = current.position;
  const st = status(current);
  const moves: BoardMove[] = st.word === 'playing' ? [...pos.moves()] : [];
  const last = current.move;
  board.set({
    pieces: pieces(pos),
    moves,
    orientation,
    lastMove: last === undefined ? [] : last.drop !== undefined ? [last.to] : [last.from, last.rook ?? last.to],
    check: pos.isCheck() ? pos.kingSquare() : undefined,
  });
  boardElement.dataset['fen'] = pos.fen();
  boardElement.dataset['variant'] = variant;
  boardElement.dataset['status'] = st.word;
  boardElement.dataset['orientation'] = orientation;
  boardElement.dataset['ply'] = String(current.ply);
  boardElement.dataset['lastMove'] = last?.uci ?? '';
  $('status').textContent = st.text;
  renderPockets(pos);
  renderMoveList();
  renderAnalysis(st.text);
  ($('fen-input') as HTMLInputElement).value = pos.fen();
  syncUrl();
  engine.show(variant, startFen, current.path().map((n) => n.move!.uci));
}

function renderPockets(pos: PlayPosition): void {
  for (const [id, color] of [['pocket-top', orientation === 'white' ? 'black' : 'white'], ['pocket-bottom', orientation]] as const) {
    const el = $(id);
    const counts = pos.pocket(color);
    el.hidden = counts === undefined;
    if (counts === undefined) continue;
    el.replaceChildren(...POCKET_ROLES.map((role, i) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'pocket-piece';
      b.dataset['role'] = role;
      b.dataset['color'] = color;
      b.disabled = counts[i] === 0 || color !== pos.turn;
      b.title = `${color} ${role} in hand: ${counts[i]}`;
      b.innerHTML = `${pieceSvg(color, role)}<span class="count">${counts[i]}</span>`;
      b.addEventListener('click', () => board.selectDrop(role));
      return b;
    }));
  }
}

function renderMoveList(): void {
  const list = $('moves');
  const out: string[] = [];
  /** A line of moves from `from` (the mainline of each variation), with nested variations. */
  const line = (from: GameNode, first: GameNode, depth: number): void => {
    let node: GameNode | undefined = first;
    let forceNumber = true;
    while (node !== undefined) {
      const n: GameNode = node;
      const white = n.parent!.position.turn === 'white';
      const number = n.parent!.position.fullmoves;
      const label = white ? `${number}. ` : forceNumber ? `${number}… ` : '';
      const cls = n === current ? ' class="current"' : '';
      out.push(`<button type="button" data-ply="${n.ply}" data-uci="${n.move!.uci}"${cls}>${label}${escapeHtml(n.san)}</button>`);
      forceNumber = false;
      const siblings: GameNode[] = n.parent!.children;
      if (siblings[0] === n && siblings.length > 1) {
        for (const alt of siblings.slice(1)) {
          out.push(`<span class="variation" data-depth="${depth + 1}">(`);
          line(n.parent!, alt, depth + 1);
          out.push(')</span>');
        }
        forceNumber = true;
      }
      node = n.children[0];
    }
    void from;
  };
  if (root.children[0] !== undefined) line(root, root.children[0], 0);
  list.innerHTML = out.join('');
  nodesById = [];
  // Buttons in document order match the walk above: remember their nodes.
  const walk = (first: GameNode): void => {
    for (let n: GameNode | undefined = first; n !== undefined; n = n.children[0]) {
      nodesById.push(n);
      const siblings: GameNode[] = n.parent!.children;
      if (siblings[0] === n) for (const alt of siblings.slice(1)) walk(alt);
    }
  };
  if (root.children[0] !== undefined) walk(root.children[0]);
  // Scrolled after the frame is drawn: a layout forced here would delay the board.
  requestAnimationFrame(() => setTimeout(() => list.querySelector('.current')?.scrollIntoView({ block: 'nearest' }), 0));
}
let nodesById: GameNode[] = [];

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function renderAnalysis(statusText: string): void {
  const pos = current.position;
  ($('line-promote') as HTMLButtonElement).disabled = current.isMainline;
  ($('line-delete') as HTMLButtonElement).disabled = current.parent === undefined;
  $('legal-count').textContent = String(pos.moves().length);
  const h = historyStatus(current);
  $('outcome').textContent = statusText;
  $('repetitions').textContent = `${h.repetitions}${h.repetitions >= 3 ? (h.outcome?.reason === 'fivefoldRepetition' ? ' (fivefold: drawn)' : ' (threefold: claimable)') : ''}`;
  $('fifty').textContent = `${pos.halfmoves} half-moves${pos.halfmoves >= 150 ? ' (seventy-five: drawn)' : pos.halfmoves >= 100 ? ' (fifty moves: claimable)' : ''}`;
  const checks = pos.remainingChecks();
  $('checks-row').hidden = checks === undefined;
  if (checks !== undefined) $('checks').textContent = `White ${checks.white}, Black ${checks.black}`;
}

// ---------------------------------------------------------------------------------------------
// The URL: variant, the start when not the variant's own, and the moves to the current node.

let urlTimer: number | undefined;

/**
 * Keeps the URL in step, a moment after the last change: Chromium takes up to several
 * milliseconds for a history.replaceState, which a move must not wait for.
 */
function syncUrl(): void {
  if (plugin !== undefined) return;
  clearTimeout(urlTimer);
  urlTimer = window.setTimeout(writeUrl, 50);
}

function writeUrl(): void {
  urlTimer = undefined;
  if (plugin !== undefined) return;
  const params = new URLSearchParams();
  params.set('variant', variant);
  if (startFen !== defaultFen) params.set('fen', startFen);
  const path = current.path();
  if (path.length > 0) params.set('moves', path.map((n) => n.move!.uci).join(' '));
  const url = `${location.pathname}?${params.toString().replace(/\+/g, '%20')}`;
  if (url !== `${location.pathname}${location.search}`) history.replaceState(null, '', url);
}

// ---------------------------------------------------------------------------------------------
// Playing and moving through the game.

/** Plays a move from the current node (the existing child when there is one) and redraws; times it from `since`. */
function play(move: PlayMove, since: number): void {
  const started = performance.now();
  current = current.play(move);
  render();
  performance.measure('caissa:move', { start: since, end: performance.now() });
  performance.measure('caissa:move-work', { start: started, end: performance.now() });
  // And until the frame that shows it has been drawn (the task after the next animation frame).
  requestAnimationFrame(() => setTimeout(() => performance.measure('caissa:move-frame', { start: since, end: performance.now() }), 0));
  stopPerftIfStale();
}

board.onMove = (bm, event) => {
  const move = current.position.moves().find((m) => m.from === bm.from && m.to === bm.to && m.promotion === bm.promotion && m.drop === bm.drop);
  if (move !== undefined) play(move, event.timeStamp);
};

function go(node: GameNode | undefined): void {
  if (node === undefined || node === current) return;
  current = node;
  render();
}

const back = (): void => go(current.parent);
const forward = (): void => go(current.children[0]);
const toStart = (): void => go(root);
const toEnd = (): void => {
  let n = current;
  while (n.children[0] !== undefined) n = n.children[0];
  go(n);
};

function flip(): void {
  orientation = orientation === 'white' ? 'black' : 'white';
  render();
}

/** A new game from `pos`, its start being the variant's own when `fen` is undefined. */
function newGame(v: BoardVariant, pos: PlayPosition, isDefault: boolean): void {
  variant = v;
  root = new GameNode(undefined, undefined, '', pos);
  current = root;
  startFen = pos.fen();
  defaultFen = isDefault ? startFen : v === 'chess960' ? undefined : startPosition(v).fen();
  ($('variant') as HTMLSelectElement).value = v;
  $('chess960-controls').hidden = v !== 'chess960';
  stopPerft();
  $('perft-divide').replaceChildren();
  $('perft-result').textContent = '';
}

/** Plays UCI moves from the current node; a StartError names the first that is not legal. */
function playUciLine(text: string): void {
  for (const uci of text.trim().split(/\s+/).filter((s) => s !== '')) {
    const move = current.position.moves().find((m) => m.uci === uci) ?? current.position.parseMove(uci);
    if (move === undefined) throw new StartError(`moves: '${uci}' is not a legal move after ${current.path().map((n) => n.move!.uci).join(' ') || 'the start'}`);
    current = current.play(move);
  }
}

// ---------------------------------------------------------------------------------------------
// Plug-ins (Paco Ŝako, progressive chess).

function mountPlugin(name: string, params: URLSearchParams): void {
  unmountPlugin();
  engine.show(name, '', []);
  const p = variantPlugin(name);
  if (p === undefined) throw new StartError(`variant '${name}' is not part of this build`);
  document.body.dataset['plugin'] = name;
  ($('variant') as HTMLSelectElement).value = name;
  boardElement.dataset['variant'] = name;
  boardElement.dataset['status'] = 'playing';
  const panel = $('plugin-panel');
  panel.replaceChildren();
  panel.hidden = false;
  const context: PluginContext = {
    boardElement,
    board,
    panel,
    params,
    setFen: (fen) => (boardElement.dataset['fen'] = fen),
    setStatus: (s) => (boardElement.dataset['status'] = s),
    setUrlParams: (changes) => {
      const next = new URLSearchParams(location.search);
      next.set('variant', name);
      for (const [k, v] of Object.entries(changes)) {
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      }
      history.replaceState(null, '', `${location.pathname}?${next.toString().replace(/\+/g, '%20')}`);
    },
    say,
    drawn,
  };
  plugin = { name, mounted: p.mount(context) };
}

function unmountPlugin(): void {
  if (plugin === undefined) return;
  plugin.mounted.unmount();
  plugin = undefined;
  delete document.body.dataset['plugin'];
  $('plugin-panel').replaceChildren();
  $('plugin-panel').hidden = true;
}

// ---------------------------------------------------------------------------------------------
// Starting: from the URL, the menu, a FEN or a PGN.

/** Sets the page up from URL parameters; errors are shown and leave the standard start. */
function startFrom(params: URLSearchParams): void {
  const name = params.get('variant') ?? 'chess';
  try {
    if (!URL_VARIANTS.includes(name)) throw new StartError(`variant '${name}' unknown: one of ${URL_VARIANTS.join(', ')}`);
    if (!isBoardVariant(name)) {
      mountPlugin(name, params);
      return;
    }
    unmountPlugin();
    const fen = params.get('fen');
    const n = params.get('n');
    let pos: PlayPosition;
    if (fen !== null && fen.trim() !== '') pos = positionFromFen(name, fen);
    else if (name === 'chess960') pos = startPosition('chess960', n === null ? randomChess960() : parseChess960(n));
    else pos = startPosition(name);
    newGame(name, pos, fen === null && name !== 'chess960');
    if (name === 'chess960') ($('chess960-number') as HTMLInputElement).value = String(chess960NumberOf(pos) ?? '');
    const moves = params.get('moves');
    if (moves !== null) playUciLine(moves);
    say('');
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    // A broken link still shows the moves that played, with the reason the rest did not.
    if (root.position.variant !== (isBoardVariant(name) ? name : 'chess') || plugin !== undefined) newGame('chess', startPosition('chess'), true);
    say(e.message, true);
  }
  render();
}

const randomChess960 = (): number => Math.floor(Math.random() * 960);

function parseChess960(text: string): number {
  if (!/^\d{1,3}$/.test(text.trim()) || Number(text) > 959) throw new StartError(`Chess960 start: expected a number from 0 to 959, got '${text}'`);
  return Number(text);
}

/** The Scharnagl number of a Chess960 start (by comparing with the 960 starts), or undefined. */
function chess960NumberOf(pos: PlayPosition): number | undefined {
  const fen = pos.fen();
  for (let n = 0; n < 960; n++) if (startPosition('chess960', n).fen() === fen) return n;
  return undefined;
}

function loadFen(text: string): void {
  try {
    const v = variant;
    const pos = positionFromFen(v, text);
    newGame(pos.variant, pos, false);
    say('FEN loaded');
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    say(e.message, true);
    return;
  }
  render();
}

function loadPgn(text: string): void {
  try {
    const loaded = treeFromPgn(text);
    const v = loaded.root.position.variant;
    newGame(v, loaded.root.position, false);
    root = loaded.root;
    current = root;
    defaultFen = v === 'chess960' ? undefined : startPosition(v).fen();
    say('PGN loaded');
  } catch (e) {
    if (!(e instanceof StartError)) throw e;
    say(e.message, true);
    return;
  }
  render();
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    say(`${what} copied`);
  } catch {
    say(`${what}: the browser refused the clipboard; select the text and copy it`, true);
  }
}

const currentPgn = (): string => treePgn(root, startFen, defaultFen);

// ---------------------------------------------------------------------------------------------
// Perft in a worker.

let perft: { worker: Worker; fen: string; gapTimer: number; worstGap: number } | undefined;

function startPerft(): void {
  stopPerft();
  const depth = Number(($('perft-depth') as HTMLSelectElement).value);
  const pos = current.position;
  const worker = new Worker(new URL('./perft-worker.js', import.meta.url), { type: 'module' });
  const divide = $('perft-divide');
  divide.replaceChildren();
  divide.dataset['fen'] = pos.fen();
  const result = $('perft-result');
  result.textContent = `perft ${depth}: counting…`;
  $('perft').dataset['state'] = 'running';
  const progress = $('perft-progress') as HTMLProgressElement;
  progress.value = 0;
  progress.hidden = false;
  // How late the page's own timers run while the worker counts: the longest main-thread stall.
  let lastTick = performance.now();
  const gapTimer = window.setInterval(() => {
    const now = performance.now();
    if (perft !== undefined) perft.worstGap = Math.max(perft.worstGap, now - lastTick);
    lastTick = now;
  }, 10);
  perft = { worker, fen: pos.fen(), gapTimer, worstGap: 0 };
  const started = performance.now();
  worker.onmessage = (e: MessageEvent<PerftReply>) => {
    const r = e.data;
    if (r.type === 'move') {
      const li = document.createElement('li');
      li.dataset['uci'] = r.uci;
      li.textContent = `${r.san} (${r.uci}): ${r.nodes.toLocaleString('en')}`;
      divide.appendChild(li);
      progress.value = r.done / r.total;
      result.textContent = `perft ${depth}: ${r.done}/${r.total} moves counted…`;
    } else if (r.type === 'done') {
      result.textContent = `perft ${depth}: ${r.nodes.toLocaleString('en')} nodes in ${(r.ms / 1000).toFixed(2)} s`;
      result.dataset['nodes'] = String(r.nodes);
      performance.measure('caissa:perft', { start: started, end: performance.now() });
      $('perft').dataset['state'] = 'done';
      stopPerft();
    } else {
      result.textContent = `perft: ${r.message}`;
      $('perft').dataset['state'] = 'error';
      stopPerft();
    }
  };
  worker.onerror = (e) => {
    result.textContent = `perft: ${e.message}`;
    $('perft').dataset['state'] = 'error';
    stopPerft();
  };
  worker.postMessage({ variant, fen: pos.fen(), depth } satisfies PerftRequest);
}

function stopPerft(): void {
  if (perft === undefined) return;
  perft.worker.terminate();
  clearInterval(perft.gapTimer);
  // The longest stall of the page's timers while the worker counted (its responsiveness).
  performance.measure('caissa:perft-gap', { start: 0, duration: perft.worstGap });
  ($('perft-progress') as HTMLProgressElement).hidden = true;
  if ($('perft').dataset['state'] === 'running') {
    $('perft').dataset['state'] = 'cancelled';
    $('perft-result').textContent += ' cancelled';
  }
  perft = undefined;
}

/** A count of another position than the one shown is no use: moving on cancels it. */
function stopPerftIfStale(): void {
  if (perft !== undefined && perft.fen !== current.position.fen()) stopPerft();
}

// ---------------------------------------------------------------------------------------------
// Keyboard: arrows move through the game; a typed SAN or UCI move plays.

document.addEventListener('keydown', (e) => {
  const target = e.target as HTMLElement | null;
  const typing = target !== null && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT');
  if (typing && target.id !== 'move-input') return;
  if (typing && (target as HTMLInputElement).value !== '' && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) return;
  if (plugin !== undefined) return;
  const keys: Record<string, () => void> = { ArrowLeft: back, ArrowRight: forward, ArrowUp: toStart, ArrowDown: toEnd, Home: toStart, End: toEnd };
  const action = keys[e.key];
  if (action !== undefined) {
    e.preventDefault();
    action();
  } else if (!typing && e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) {
    flip();
  }
});

$('move-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const input = $('move-input') as HTMLInputElement;
  const text = input.value.trim();
  if (text === '') return;
  const move = current.position.parseMove(text);
  if (move === undefined || historyStatus(current).outcome !== undefined) {
    say(`'${text}' is not a legal move here`, true);
    input.select();
    return;
  }
  input.value = '';
  say('');
  play(move, e.timeStamp);
});

// ---------------------------------------------------------------------------------------------
// Controls.

function setupControls(): void {
  const select = $('variant') as HTMLSelectElement;
  const options = [...BOARD_VARIANTS.map((v) => [v, VARIANT_LABELS[v]] as const), ...variantPlugins().map((p) => [p.name, p.label] as const)];
  select.replaceChildren(...options.map(([value, label]) => {
    const o = document.createElement('option');
    o.value = value;
    o.textContent = label;
    return o;
  }));
  select.addEventListener('change', () => startFrom(new URLSearchParams({ variant: select.value })));
  $('chess960-go').addEventListener('click', () => startFrom(new URLSearchParams({ variant: 'chess960', n: ($('chess960-number') as HTMLInputElement).value })));
  $('chess960-random').addEventListener('click', () => startFrom(new URLSearchParams({ variant: 'chess960' })));
  $('flip').addEventListener('click', flip);
  $('nav-start').addEventListener('click', toStart);
  $('nav-back').addEventListener('click', back);
  $('nav-forward').addEventListener('click', forward);
  $('nav-end').addEventListener('click', toEnd);
  $('moves').addEventListener('click', (e) => {
    const button = (e.target as HTMLElement).closest('button');
    if (button === null) return;
    const index = [...$('moves').querySelectorAll('button')].indexOf(button);
    go(nodesById[index]);
  });
  $('line-promote').addEventListener('click', () => {
    // Up to the mainline: each step of the path becomes its parent's main continuation.
    for (let n: GameNode | undefined = current; n?.parent !== undefined; n = n.parent) n.promote();
    render();
  });
  $('line-delete').addEventListener('click', () => {
    const parent = current.parent;
    if (parent === undefined) return;
    current.remove();
    current = parent;
    render();
  });
  $('perft-divide').addEventListener('click', (e) => {
    // A move of the divide list plays it (to look deeper into its count).
    const uci = (e.target as HTMLElement).closest('li')?.dataset['uci'];
    const counted = $('perft-divide').dataset['fen'] === current.position.fen();
    const move = uci === undefined || perft !== undefined || !counted ? undefined : current.position.moves().find((m) => m.uci === uci);
    if (move !== undefined) play(move, e.timeStamp);
  });
  $('fen-load').addEventListener('click', () => loadFen(($('fen-input') as HTMLInputElement).value));
  $('fen-copy').addEventListener('click', () => void copy(current.position.fen(), 'FEN'));
  $('pgn-load').addEventListener('click', () => loadPgn(($('pgn-input') as HTMLTextAreaElement).value));
  $('pgn-copy').addEventListener('click', () => {
    const pgn = currentPgn();
    ($('pgn-input') as HTMLTextAreaElement).value = pgn;
    void copy(pgn, 'PGN');
  });
  $('perft-run').addEventListener('click', startPerft);
  $('perft-stop').addEventListener('click', stopPerft);
}

/**
 * Plays a few moves off the page once the first board is up, so that the user's first move runs
 * code V8 has already seen (it compiles on use: the first move paid several milliseconds more).
 */
function warmUp(): void {
  let node = new GameNode(undefined, undefined, '', current.position);
  for (let i = 0; i < 4; i++) {
    const moves = node.position.moves();
    const move = moves[(i * 7) % Math.max(1, moves.length)];
    if (move === undefined) break;
    node = node.play(move);
    status(node);
    boardSvg(pieces(node.position), { orientation, highlights: [move.from, move.to] });
  }
}

setupControls();
startFrom(new URLSearchParams(location.search));
requestAnimationFrame(() => setTimeout(warmUp, 0));
