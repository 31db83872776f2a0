/**
 * Games analysed by UCI engines: every position of each mainline searched (sent from the game's
 * start with its moves), the evaluations turned into an annotated game (`tools/annotate.ts`),
 * with several engines in parallel and the games handed back in input order.
 */
import type { Move, Position } from '../chess/position.js';
import type { PgnGame, PgnMove } from '../notation/pgn-game.js';
import { gameStartingPosition, playLine } from '../notation/pgn-walk.js';
import { makeSan } from '../notation/san.js';
import { annotateGame, type GameAnnotation, type WhiteEval } from '../tools/annotate.js';
import { UciEngine, type UciStartOptions } from './uci-engine.js';
import type { UciLimits } from './uci-protocol.js';

/** How games are analysed. */
export interface GameAnalysisOptions {
  /** The bounds of each position's search (`go depth 18`, `go nodes …`). */
  readonly limits: UciLimits;
  /** Lines per search (the engine's MultiPV); 1 unless given. The best line is the evaluation. */
  readonly multiPv?: number;
}

/** One game's analysis. */
export interface AnalysedGame extends GameAnnotation {
  /** Positions searched by the engine (positions with no legal move are not). */
  readonly searched: number;
  /** The engine's own search time, the sum of the `time` of each search's last line, in ms. */
  readonly engineMs: number;
}

/** Plies of the engine's line given as a variation to a judged move. */
const VARIATION_PLIES = 8;

/** The evaluation for White of the position `pos` searched, from the engine's side-to-move score. */
function whiteEval(pos: Position, score: { type: 'cp' | 'mate'; value: number }, depth: number | undefined): WhiteEval {
  const sign = pos.turn === 'white' ? 1 : -1;
  const d = depth === undefined ? {} : { depth };
  if (score.type === 'cp') return { cp: sign * score.value, ...d };
  if (score.value === 0) return { mate: 0, mated: pos.turn, ...d };
  return { mate: sign * score.value, ...d };
}

/**
 * Analyses a game's mainline with `engine`: a `ucinewgame`, then a search of every position
 * from the start to the end. A position with no legal move is not searched (checkmate `#0`,
 * stalemate 0.00). A game whose start cannot be set up or whose moves do not play is a
 * RangeError (the PGN readers refuse those first). A judged move gets the engine's best line
 * from the position before it as a variation.
 */
export async function analyseGame(engine: UciEngine, game: PgnGame, options: GameAnalysisOptions, onPosition?: () => void): Promise<AnalysedGame> {
  const start = gameStartingPosition(game);
  if (!start.ok) throw new RangeError(start.error.message);
  const steps = playLine(start.value, game.moves);
  if (!steps.ok) throw new RangeError(`move ${steps.error.index + 1} '${steps.error.san}': ${steps.error.message}`);
  // A null move cannot be sent to an engine: the analysis stops before it.
  const nullAt = steps.value.findIndex((s) => s.move === null);
  const played: Move[] = (nullAt < 0 ? steps.value : steps.value.slice(0, nullAt)).map((s) => s.move!);
  await engine.newGame();
  // Every search is queued at once: the engine takes the next as soon as it ends one, with no
  // turn of ours in between, while we read the results in order.
  const multiPv = options.multiPv ?? 1;
  const positions = [start.value];
  for (const move of played) positions.push(move.play());
  const searches = positions.map((pos, i) =>
    pos.countLegalMoves() === 0 ? undefined : engine.analyse({ start: start.value, moves: played.slice(0, i) }, options.limits, { multiPv }).result,
  );
  const evals: (WhiteEval | undefined)[] = [];
  const bestLines: (readonly Move[] | undefined)[] = [];
  let searched = 0;
  let engineMs = 0;
  for (const [i, pos] of positions.entries()) {
    const search = searches[i];
    if (search === undefined) {
      evals.push(pos.isCheck() ? { mate: 0, mated: pos.turn } : { cp: 0 });
      bestLines.push(undefined);
    } else {
      const best = await search;
      searched++;
      engineMs += best.info?.time ?? 0;
      evals.push(best.info?.score === undefined ? undefined : whiteEval(pos, best.info.score, best.info.depth));
      bestLines.push(best.info?.pv);
    }
    onPosition?.();
  }
  const annotation = annotateGame(game, evals, start.value.turn === 'white');
  const moves = annotation.game.moves.map((node, i): PgnMove => {
    const line = bestLines[i];
    if (annotation.judgements[i] === undefined || line === undefined || line.length === 0 || line[0]!.uci === played[i]!.uci) return node;
    return { ...node, variations: [...node.variations, line.slice(0, VARIATION_PLIES).map((m) => ({ san: makeSan(m), nags: [], startingComments: [], comments: [], variations: [] }))] };
  });
  return { ...annotation, game: { ...annotation.game, moves }, searched, engineMs };
}

/** Options of a parallel analysis. */
export interface AnalyseGamesOptions extends GameAnalysisOptions {
  /** The engine to run and how to start it (`options` get Threads, Hash …). */
  readonly engine: string;
  /** How each engine is started: arguments, UCI options, timeout, working directory. */
  readonly start?: UciStartOptions;
  /** Engines run at once, each on its own games; 1 unless given. */
  readonly jobs?: number;
  /** Games to skip at the start (already done). */
  readonly skip?: number;
  /** Called after every position searched. */
  readonly onPosition?: () => void;
}

/**
 * Analyses `games` with `jobs` engines at once and calls `onGame` for each analysed game in
 * input order (a game waits for those before it), from index `skip` on. The engines are quit at
 * the end, and on an error (which rejects the whole run).
 */
export async function analyseGames(
  games: readonly PgnGame[],
  options: AnalyseGamesOptions,
  onGame: (index: number, analysed: AnalysedGame) => void | Promise<void>,
): Promise<void> {
  const jobs = Math.max(1, Math.min(options.jobs ?? 1, games.length - (options.skip ?? 0)));
  const engines = await Promise.all(Array.from({ length: jobs }, () => UciEngine.start(options.engine, options.start)));
  const done = new Map<number, AnalysedGame>();
  let next = options.skip ?? 0;
  let emitted = next;
  let failure: unknown;
  let emitting = Promise.resolve();
  const emit = async (): Promise<void> => {
    while (done.has(emitted)) {
      const g = done.get(emitted)!;
      done.delete(emitted);
      await onGame(emitted, g);
      emitted++;
    }
  };
  try {
    await Promise.all(
      engines.map(async (engine) => {
        while (failure === undefined && next < games.length) {
          const index = next++;
          try {
            done.set(index, await analyseGame(engine, games[index]!, options, options.onPosition));
          } catch (e) {
            failure ??= e;
            throw e;
          }
          emitting = emitting.then(emit);
          await emitting;
        }
      }),
    );
  } finally {
    await Promise.all(engines.map((e) => e.quit()));
  }
}
