/** Shared test helpers: shared-data access and sampling. */
import { readText, sharedPath } from '../src/node/data.js';

/** Whether the long variants of the tests run (`npm run test:full`). */
export const FULL = process.env.CAISSA_FULL === '1';

/** The FEN part (first four fields, plus clocks when present) of the lines of an EPD file. */
export function epdFens(file: string, limit = Infinity): string[] {
  const out: string[] = [];
  for (const line of readText(sharedPath('positions', file)).split(/\r?\n/)) {
    if (out.length >= limit) break;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const fields = t.split(';')[0]!.trim().split(/\s+/);
    const clocks = fields.length >= 6 && /^\d+$/.test(fields[4]!) && /^\d+$/.test(fields[5]!);
    out.push(fields.slice(0, clocks ? 6 : 4).join(' '));
  }
  return out;
}

/** Every k-th element, so a sample spreads over the whole file. */
export const spread = <T>(items: T[], count: number): T[] => {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
};
