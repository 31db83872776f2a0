/**
 * Engine analysis in the page, streamed from `caissa serve --engine PATH` (src/node/serve-engine.ts)
 * as server-sent events: the browser never runs the engine. The panel asks `engine/info` once;
 * without an engine (a static host, or `serve` without `--engine`) that is a 404 and the panel
 * stays hidden. Each new position closes the previous stream and opens one for the new
 * position, which makes the server stop the old search.
 *
 * Hooks on the panel element: `data-engine` (`off`, `running`, `done`, `error`), `data-depth`
 * and `data-best` (the first move of the best line, UCI).
 */
import { readFen } from '../../notation/fen.js';
import { parseUci } from '../../notation/uci.js';
import { makeSan } from '../../notation/san.js';

/** One `info` event as the server sends it. */
interface InfoEvent {
  readonly depth?: number;
  readonly multipv: number;
  readonly score?: { readonly type: 'cp' | 'mate'; readonly value: number; readonly bound?: 'lower' | 'upper' };
  readonly nodes?: number;
  readonly nps?: number;
  readonly pv: readonly string[];
}

const VARIANTS = new Set(['chess', 'chess960']);
/** SAN of at most this many PV moves. */
const PV_SHOWN = 12;

export class EnginePanel {
  readonly element: HTMLElement;
  private readonly heading: HTMLElement;
  private readonly line: HTMLElement;
  private readonly toggle: HTMLButtonElement;
  private source: EventSource | undefined;
  private available = false;
  private enabled = true;
  private last: { variant: string; fen: string; moves: readonly string[] } | undefined;

  constructor(element: HTMLElement) {
    this.element = element;
    element.hidden = true;
    element.dataset['engine'] = 'off';
    this.heading = document.createElement('p');
    this.heading.className = 'engine-heading';
    this.line = document.createElement('p');
    this.line.className = 'engine-line';
    this.line.setAttribute('aria-live', 'polite');
    this.toggle = document.createElement('button');
    this.toggle.type = 'button';
    this.toggle.textContent = 'Stop engine';
    this.toggle.addEventListener('click', () => {
      this.enabled = !this.enabled;
      this.toggle.textContent = this.enabled ? 'Stop engine' : 'Start engine';
      if (this.enabled && this.last !== undefined) this.show(this.last.variant, this.last.fen, this.last.moves);
      else this.close('off');
    });
    element.append(this.heading, this.toggle, this.line);
  }

  /** Asks the server for its engine; resolves with whether there is one. */
  async probe(): Promise<boolean> {
    try {
      const r = await fetch('engine/info', { cache: 'no-store' });
      if (!r.ok) return false;
      const info = (await r.json()) as { name?: string };
      this.available = true;
      this.element.hidden = false;
      this.heading.textContent = `Engine: ${info.name ?? 'UCI engine'} (on the server)`;
      if (this.last !== undefined) this.show(this.last.variant, this.last.fen, this.last.moves);
      return true;
    } catch {
      return false;
    }
  }

  /** A new position: the start FEN and UCI moves played from it (so the engine sees repetitions). */
  show(variant: string, fen: string, moves: readonly string[]): void {
    const same = this.last !== undefined && this.last.variant === variant && this.last.fen === fen && this.last.moves.join(' ') === moves.join(' ');
    this.last = { variant, fen, moves: [...moves] };
    if (!this.available) return;
    // The engine plays chess and Chess960 only: the panel hides for the other games.
    this.element.hidden = !VARIANTS.has(variant);
    if (!VARIANTS.has(variant)) {
      this.close('off');
      return;
    }
    if (!this.enabled || (same && this.source !== undefined)) return;
    this.close('running');
    this.line.textContent = '…';
    const q = new URLSearchParams({ variant, fen });
    if (moves.length > 0) q.set('moves', moves.join(' '));
    const source = new EventSource(`engine/analyse?${q.toString()}`);
    this.source = source;
    source.addEventListener('info', (e) => this.onInfo(JSON.parse((e as MessageEvent<string>).data) as InfoEvent));
    source.addEventListener('bestmove', () => this.close('done'));
    source.addEventListener('superseded', () => this.close('running'));
    source.addEventListener('engine-error', (e) => {
      this.line.textContent = `Engine: ${(JSON.parse((e as MessageEvent<string>).data) as { message: string }).message}`;
      this.close('error');
    });
    // A dropped connection: the stream asked for no reconnection; say so and stop.
    source.onerror = () => {
      if (this.source === source) this.close('error');
    };
  }

  /** Stops listening, which stops the server's search. */
  close(state: 'off' | 'running' | 'done' | 'error'): void {
    this.source?.close();
    this.source = undefined;
    this.element.dataset['engine'] = state;
  }

  private onInfo(info: InfoEvent): void {
    if (info.multipv !== 1 || this.last === undefined) return;
    const pos = readFen(this.last.fen, { chess960: this.last.variant === 'chess960' ? true : 'auto' });
    if (!pos.ok) return;
    let at = pos.value;
    for (const u of this.last.moves) {
      const m = parseUci(at, u);
      if (!m.ok) return;
      at = m.value.play();
    }
    const sans: string[] = [];
    let p = at;
    for (const u of info.pv.slice(0, PV_SHOWN)) {
      const m = parseUci(p, u);
      if (!m.ok) break;
      sans.push(makeSan(m.value));
      p = m.value.play();
    }
    // Scores from White's side, as boards show them (UCI gives the side to move's).
    const sign = at.turn === 'white' ? 1 : -1;
    const s = info.score;
    const score = s === undefined ? '' : s.type === 'mate' ? `#${sign * s.value}` : `${sign * s.value >= 0 ? '+' : ''}${((sign * s.value) / 100).toFixed(2)}`;
    this.element.dataset['depth'] = String(info.depth ?? 0);
    this.element.dataset['best'] = info.pv[0] ?? '';
    this.line.textContent = `depth ${info.depth ?? '?'} · ${score} · ${sans.join(' ')}${info.nps ? ` · ${Math.round(info.nps / 1000)} kn/s` : ''}`;
  }
}
