/**
 * A small Monte Carlo tree search for self-play targets: PUCT selection (AlphaZero's
 * `Q + c · P · √N / (1 + n)`, taking √(N + 1) for √N so that the priors weigh from a node's
 * first choice) with uniform priors, leaves valued by a caller-supplied evaluator
 * (material balance, or the result of a random playout), values backed up relative to the
 * player who chose each edge, so players that move several times in a row (Paco Ŝako chains)
 * need nothing special. Works on any `Game<S>`; history rules (repetition) are not seen inside
 * the tree.
 *
 * Storage is preallocated for `simulations + 1` nodes (the root, and at most one node added by
 * each simulation): states from `game.newState()`, edges in typed arrays; one search allocates
 * nothing.
 */
import type { Game } from '../core/game.js';
import type { Rng } from '../core/rng.js';

/** Values a non-terminal state for the player to act there, in [−1, 1]. */
export type Evaluator<S> = (s: S, rng: Rng) => number;

/** How much an `Mcts` searches. */
export interface MctsOptions {
  /** Simulations per search (at least 1; fewer are taken as 1). */
  readonly simulations: number;
  /** Exploration constant (default 1.5). */
  readonly cPuct?: number;
}

/** What the search needs from a game besides `Game<S>`. */
export interface SearchGame<S> {
  /** The game's rules. */
  readonly game: Game<S>;
  /** The label of a legal action of `s`. */
  label(s: S, action: number): number;
  /** Copies a state. */
  copy(from: S, into: S): void;
}

/**
 * A Monte Carlo tree search with PUCT selection and uniform priors, leaves valued by an
 * `Evaluator`; its storage is allocated once, for `simulations + 1` nodes.
 */
export class Mcts<S> {
  private readonly game: Game<S>;
  private readonly g: SearchGame<S>;
  private readonly evaluate: Evaluator<S>;
  /** Simulations per search. */
  readonly simulations: number;
  private readonly cPuct: number;
  private readonly states: S[];
  private readonly player: Int8Array;
  private readonly terminal: Float32Array; // NaN when not terminal, else the value for `player`
  private readonly expanded: Uint8Array;
  private readonly edgeStart: Int32Array;
  private readonly edgeCount: Int32Array;
  private readonly visits: Int32Array;
  private readonly edgeAction: Int32Array;
  private readonly actions: Int32Array; // the legal actions of the node being expanded
  private readonly edgeChild: Int32Array;
  private readonly edgeN: Int32Array;
  private readonly edgeW: Float64Array;
  private readonly pathNodes: Int32Array;
  private readonly pathEdges: Int32Array;
  private nodes = 0;
  private edges = 0;

  constructor(g: SearchGame<S>, evaluate: Evaluator<S>, options: MctsOptions, maxLegal = 256) {
    this.g = g;
    this.game = g.game;
    this.evaluate = evaluate;
    this.simulations = Math.max(1, options.simulations);
    this.cPuct = options.cPuct ?? 1.5;
    const nodes = this.simulations + 1;
    this.states = Array.from({ length: nodes }, () => g.game.newState());
    this.player = new Int8Array(nodes);
    this.terminal = new Float32Array(nodes);
    this.expanded = new Uint8Array(nodes);
    this.edgeStart = new Int32Array(nodes);
    this.edgeCount = new Int32Array(nodes);
    this.visits = new Int32Array(nodes);
    this.edgeAction = new Int32Array(nodes * maxLegal);
    this.actions = new Int32Array(maxLegal);
    this.edgeChild = new Int32Array(nodes * maxLegal);
    this.edgeN = new Int32Array(nodes * maxLegal);
    this.edgeW = new Float64Array(nodes * maxLegal);
    this.pathNodes = new Int32Array(nodes + 1);
    this.pathEdges = new Int32Array(nodes + 1);
  }

  /** Sets up node `id` for the state already in `states[id]`. */
  private initNode(id: number): void {
    const s = this.states[id]!;
    const player = this.game.currentPlayer(s);
    this.player[id] = player;
    const outcome = this.game.outcome(s);
    this.terminal[id] = outcome === undefined ? NaN : outcome.winner === undefined ? 0 : outcome.winner === (player === 0 ? 'white' : 'black') ? 1 : -1;
    this.expanded[id] = 0;
    this.visits[id] = 0;
  }

  private expand(id: number): void {
    const start = this.edges;
    // Into a scratch list, then copied: a subarray of edgeAction would be a new object per expansion.
    const n = this.game.legalActions(this.states[id]!, this.actions);
    for (let k = 0; k < n; k++) {
      this.edgeAction[start + k] = this.actions[k]!;
      this.edgeChild[start + k] = -1;
      this.edgeN[start + k] = 0;
      this.edgeW[start + k] = 0;
    }
    this.edgeStart[id] = start;
    this.edgeCount[id] = n;
    this.edges += n;
    this.expanded[id] = 1;
  }

  /**
   * Searches from `root` (not modified). Writes the root's visit distribution sparsely: labels
   * into `labels`, probabilities into `probs`; returns how many. `chosen` receives the index
   * (into that list) of the action to play: sampled in proportion to visits when `sample`,
   * else the most visited.
   */
  search(root: S, rng: Rng, labels: Int32Array, probs: Float32Array, sample: boolean): {
    /** The root's legal actions written (0 when the root is terminal). */
    count: number;
    /** The index of the action to play in `labels`, or -1 when the root is terminal. */
    chosen: number;
  } {
    this.nodes = 1;
    this.edges = 0;
    this.g.copy(root, this.states[0]!);
    this.initNode(0);
    if (!Number.isNaN(this.terminal[0]!)) return { count: 0, chosen: -1 };
    this.expand(0);
    for (let sim = 0; sim < this.simulations; sim++) this.simulate(rng);
    const start = this.edgeStart[0]!;
    const n = this.edgeCount[0]!;
    let total = 0;
    for (let k = 0; k < n; k++) total += this.edgeN[start + k]!;
    let best = 0;
    for (let k = 0; k < n; k++) {
      labels[k] = this.g.label(root, this.edgeAction[start + k]!);
      probs[k] = total > 0 ? this.edgeN[start + k]! / total : 1 / n;
      if (this.edgeN[start + k]! > this.edgeN[start + best]!) best = k;
    }
    let chosen = best;
    if (sample) {
      let r = rng.below(1 << 30) / (1 << 30);
      for (let k = 0; k < n; k++) {
        if (probs[k] === 0) continue;
        // The float32 probabilities may sum to a little under 1: a draw past them takes the
        // last visited move, never an unvisited one.
        chosen = k;
        r -= probs[k]!;
        if (r < 0) break;
      }
    }
    return { count: n, chosen };
  }

  /** One simulation: select with PUCT down to a new or terminal node, value it, back up. */
  private simulate(rng: Rng): void {
    let node = 0;
    let depth = 0;
    let value: number;
    for (;;) {
      const t = this.terminal[node]!;
      if (!Number.isNaN(t)) {
        value = t;
        break;
      }
      if (this.expanded[node] === 0) {
        this.expand(node);
        value = this.evaluate(this.states[node]!, rng);
        break;
      }
      const start = this.edgeStart[node]!;
      const n = this.edgeCount[node]!;
      const prior = 1 / n; // uniform priors
      const sqrtN = Math.sqrt(this.visits[node]! + 1);
      let best = start;
      let bestScore = -Infinity;
      for (let e = start; e < start + n; e++) {
        const visits = this.edgeN[e]!;
        const q = visits > 0 ? this.edgeW[e]! / visits : 0;
        const score = q + (this.cPuct * prior * sqrtN) / (1 + visits);
        if (score > bestScore) {
          bestScore = score;
          best = e;
        }
      }
      this.pathNodes[depth] = node;
      this.pathEdges[depth] = best;
      depth++;
      let child = this.edgeChild[best]!;
      if (child < 0) {
        // A new node ends the walk (it is terminal, or expanded and valued below), so a
        // simulation adds at most one: the storage cannot run out.
        child = this.nodes++;
        this.game.play(this.states[node]!, this.edgeAction[best]!, this.states[child]!);
        this.initNode(child);
        this.edgeChild[best] = child;
      }
      node = child;
    }
    // `value` is for the player to act at `node`; each edge is credited from its chooser's side.
    const leafPlayer = this.player[node]!;
    this.visits[node]!++;
    for (let d = depth - 1; d >= 0; d--) {
      const parent = this.pathNodes[d]!;
      const e = this.pathEdges[d]!;
      this.edgeN[e]!++;
      // Added or subtracted, not `+= cond ? value : -value`: the negation of an integer 0 is -0,
      // which V8 boxes as a heap number.
      if (this.player[parent] === leafPlayer) this.edgeW[e]! += value;
      else this.edgeW[e]! -= value;
      this.visits[parent]!++;
    }
  }
}

/** A leaf value from a random playout of at most `plies` plies (0 when it does not end). */
export function rolloutEvaluator<S>(g: SearchGame<S>, plies: number, maxLegal = 256): Evaluator<S> {
  const a = g.game.newState();
  const b = g.game.newState();
  const actions = new Int32Array(maxLegal);
  return (s, rng) => {
    const player = g.game.currentPlayer(s);
    g.copy(s, a);
    let cur = a;
    let next = b;
    for (let ply = 0; ply <= plies; ply++) {
      const outcome = g.game.outcome(cur);
      if (outcome !== undefined) return outcome.winner === undefined ? 0 : outcome.winner === (player === 0 ? 'white' : 'black') ? 1 : -1;
      if (ply === plies) break;
      const n = g.game.legalActions(cur, actions);
      g.game.play(cur, actions[rng.below(n)]!, next);
      const t = cur;
      cur = next;
      next = t;
    }
    return 0;
  };
}
