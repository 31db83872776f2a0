/**
 * Stockfish (Debian package `stockfish`) as an independent reference. Installs it when missing
 * (CI runs as root on a clean machine); returns undefined only when it cannot be had.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { debianBinary } from './debian.js';

export const findStockfish = (): string | undefined =>
  debianBinary('stockfish', ['/usr/games/stockfish', '/usr/bin/stockfish', '/usr/local/bin/stockfish']);

/** A running engine speaking UCI, for `go perft` comparisons. */
export class StockfishProcess {
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

  /** `go perft depth` on a FEN: the per-move counts and the total. */
  async perft(fen: string, depth: number, chess960: boolean): Promise<{ divide: Map<string, number>; nodes: number }> {
    this.proc.stdin.write(`setoption name UCI_Chess960 value ${chess960}\nposition fen ${fen}\ngo perft ${depth}\n`);
    const text = await this.until(/Nodes searched: \d+\n/);
    const divide = new Map<string, number>();
    for (const m of text.matchAll(/^([a-h][1-8][a-h][1-8][nbrq]?): (\d+)$/gm)) divide.set(m[1]!, Number(m[2]));
    return { divide, nodes: Number(/Nodes searched: (\d+)/.exec(text)![1]) };
  }

  close(): void {
    this.proc.stdin.end('quit\n');
  }
}
