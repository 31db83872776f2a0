/**
 * The variants against Fairy-Stockfish (Debian package `fairy-stockfish`, installed by the test
 * when missing): `UCI_Variant`, `go perft 3`, and every root move's count compared with ours, on
 * 200 positions per variant (800 with CAISSA_FULL) from seeded random play. Not atomic: the
 * Debian build (11.1) has no atomic variant (it falls back to chess), and the atomic counts of
 * its era let a king capture (see test/fixtures/perft/variants' README); atomic is checked
 * against chessops instead (chessops-diff.test.ts, perft-epd.test.ts).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { Rng } from '../../../src/core/rng.js';
import { VariantPosition, variantPerftDivide, type VariantRules } from '../../../src/variants/lichess/index.js';
import { debianBinary } from '../../debian.js';
import { FULL, testSeed } from '../../helpers.js';

const POSITIONS = FULL ? 800 : 200;
const DEPTH = 3;

/** Fairy-Stockfish's names of the variants (lichess' antichess: no castling). */
const FSF_NAMES: Partial<Record<VariantRules, string>> = {
  antichess: 'antichess',
  crazyhouse: 'crazyhouse',
  horde: 'horde',
  kingofthehill: 'kingofthehill',
  racingkings: 'racingkings',
  '3check': '3check',
};

/** A running Fairy-Stockfish, for `go perft` divides. */
class FairyStockfish {
  private readonly proc: ChildProcessWithoutNullStreams;
  private buffer = '';
  private waiter: (() => void) | undefined;

  constructor(path: string) {
    this.proc = spawn(path, [], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stdout.setEncoding('utf8');
    this.proc.stdout.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.waiter?.();
    });
  }

  private async until(marker: RegExp): Promise<string> {
    for (;;) {
      const m = marker.exec(this.buffer);
      if (m) {
        const out = this.buffer.slice(0, m.index + m[0].length);
        this.buffer = this.buffer.slice(m.index + m[0].length);
        return out;
      }
      await new Promise<void>((resolve) => (this.waiter = resolve));
    }
  }

  /** `go perft depth` of a FEN in a variant: each root move (UCI, drops as `N@f3`) with its count. */
  async divide(variant: string, fen: string, depth: number): Promise<Map<string, number>> {
    this.proc.stdin.write(`setoption name UCI_Variant value ${variant}\nposition fen ${fen}\ngo perft ${depth}\n`);
    const text = await this.until(/Nodes searched: \d+\n/);
    const divide = new Map<string, number>();
    for (const m of text.matchAll(/^([A-Za-z]@[a-h][1-8]|[a-h][1-8][a-h][1-8][nbrqk]?): (\d+)$/gm)) divide.set(m[1]!, Number(m[2]));
    return divide;
  }

  close(): void {
    this.proc.stdin.end('quit\n');
  }
}

const path = debianBinary('fairy-stockfish', ['/usr/games/fairy-stockfish', '/usr/bin/fairy-stockfish']);

for (const [index, [rules, fsfName]] of Object.entries(FSF_NAMES).entries()) {
  test(`${rules}: perft ${DEPTH} divides agree with Fairy-Stockfish on ${POSITIONS} positions`, { skip: path === undefined && 'fairy-stockfish is not installed' }, async () => {
    const fsf = new FairyStockfish(path!);
    try {
      const rng = new Rng(testSeed(9100 + index));
      let checked = 0;
      let pos = VariantPosition.default(rules as VariantRules);
      while (checked < POSITIONS) {
        const moves = pos.legalMoves();
        if (moves.length === 0 || pos.outcome() !== undefined) {
          pos = VariantPosition.default(rules as VariantRules);
          continue;
        }
        const ours = new Map(variantPerftDivide(pos, DEPTH).map((l) => [l.uci, l.nodes]));
        const theirs = await fsf.divide(fsfName!, pos.fen(), DEPTH);
        assert.deepEqual([...ours].sort(), [...theirs].sort(), `${rules} ${pos.fen()}`);
        checked++;
        pos = moves[rng.below(moves.length)]!.play();
      }
    } finally {
      fsf.close();
    }
  });
}
