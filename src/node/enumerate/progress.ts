/**
 * A progress bar on stderr with rate and ETA: redrawn in place (at most 4 times a second) on a
 * terminal, one line every 10 seconds otherwise (logs). `done`/`total` are in the caller's unit.
 */
export class Progress {
  private label = '';
  private unit = '';
  private total = 0;
  private start = 0;
  private lastDraw = 0;
  private drawn = false;
  private readonly stream: NodeJS.WriteStream;
  private readonly enabled: boolean;
  private readonly tty: boolean;

  constructor(enabled: boolean, stream: NodeJS.WriteStream = process.stderr) {
    this.stream = stream;
    this.enabled = enabled;
    this.tty = stream.isTTY === true;
  }

  phase(label: string, total: number, unit: string): void {
    this.finishLine();
    this.label = label;
    this.total = total;
    this.unit = unit;
    this.start = performance.now();
    this.lastDraw = 0;
  }

  update(done: number): void {
    if (!this.enabled) return;
    const now = performance.now();
    if (now - this.lastDraw < (this.tty ? 250 : 10000)) return;
    this.lastDraw = now;
    const secs = (now - this.start) / 1000;
    const rate = secs > 0 ? done / secs : 0;
    const frac = this.total > 0 ? Math.min(1, done / this.total) : 0;
    const eta = rate > 0 && this.total > done ? (this.total - done) / rate : 0;
    const width = 24;
    const fill = Math.round(frac * width);
    const bar = '#'.repeat(fill) + '.'.repeat(width - fill);
    const line =
      this.total > 0
        ? `${this.label} [${bar}] ${(100 * frac).toFixed(1)}% ${fmt(done)}/${fmt(this.total)} ${this.unit} ${fmt(rate)}/s ETA ${clock(eta)}`
        : `${this.label} ${fmt(done)} ${this.unit} ${fmt(rate)}/s (total unknown) ${clock(secs)} elapsed`;
    if (this.tty) {
      this.stream.write(`\r${line}\x1b[K`);
      this.drawn = true;
    } else {
      this.stream.write(line + '\n');
    }
  }

  /** A one-off message line. */
  note(text: string): void {
    if (!this.enabled) return;
    this.finishLine();
    this.stream.write(text + '\n');
  }

  finishLine(): void {
    if (this.drawn) this.stream.write('\n');
    this.drawn = false;
  }
}

function fmt(n: number): string {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + 'G';
  if (n >= 1e6) return (n / 1e6).toFixed(2) + 'M';
  if (n >= 1e4) return (n / 1e3).toFixed(1) + 'k';
  return String(Math.round(n));
}

function clock(secs: number): string {
  const s = Math.round(secs);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const r = s % 60;
  return (h > 0 ? `${h}:${String(m).padStart(2, '0')}` : `${m}`) + `:${String(r).padStart(2, '0')}`;
}
