/**
 * Games with a page of their own (Paco Ŝako, progressive chess) plug into the playground here:
 * a module registers a `VariantPlugin` under the name the URL uses (`?variant=paco`), and the page
 * mounts it when that variant is chosen, handing it the board, a panel and the page's hooks. The
 * page then lets the plug-in own the board until another variant is chosen.
 */
import type { BoardView } from './board-view.js';

/** What the page gives a plug-in. */
export interface PluginContext {
  /** The board element; its `data-fen`, `data-variant` and `data-status` are the page's test hooks. */
  readonly boardElement: HTMLElement;
  /** The interactive board drawn in it (pieces, legal moves, promotion, drag), free to reuse. */
  readonly board: BoardView;
  /** An empty element beside the board for the plug-in's controls. */
  readonly panel: HTMLElement;
  /** The URL's parameters when the page opened (`fen`, `moves`, …). */
  readonly params: URLSearchParams;
  /** Sets `data-fen` (the plug-in's own FEN dialect). */
  setFen(fen: string): void;
  /** Sets `data-status` (`playing`, `checkmate`, `solving`, `mate-found`, `no-mate`, …). */
  setStatus(status: string): void;
  /** Keeps the URL in step: parameters to set, `undefined` to remove; `variant` is the page's. */
  setUrlParams(params: Readonly<Record<string, string | undefined>>): void;
  /** A message line under the board (errors in red when `error`). */
  say(text: string, error?: boolean): void;
  /** Marks the board as drawn (for the page's timings): call after each redraw of your own. */
  drawn(): void;
}

/** A mounted plug-in: the page calls `unmount` before it mounts another variant. */
export interface MountedPlugin {
  unmount(): void;
}

export interface VariantPlugin {
  /** The URL's name for it (`paco`, `progressive`). */
  readonly name: string;
  /** The name in the variant menu. */
  readonly label: string;
  mount(context: PluginContext): MountedPlugin;
}

const plugins = new Map<string, VariantPlugin>();

/** Registers a plug-in; a second one under the same name is a RangeError. */
export function registerVariantPlugin(plugin: VariantPlugin): void {
  if (plugins.has(plugin.name)) throw new RangeError(`variant plug-in '${plugin.name}' registered twice`);
  plugins.set(plugin.name, plugin);
}

export const variantPlugin = (name: string): VariantPlugin | undefined => plugins.get(name);
export const variantPlugins = (): readonly VariantPlugin[] => [...plugins.values()];
