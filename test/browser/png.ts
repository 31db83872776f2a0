/**
 * Reads the pixels of a PNG screenshot (8-bit RGB or RGBA, not interlaced: what Chromium writes),
 * so that a test can tell a drawn board from a blank one.
 */
import { inflateSync } from 'node:zlib';

export interface Pixels {
  readonly width: number;
  readonly height: number;
  /** RGBA, 4 bytes a pixel, rows top to bottom. */
  readonly rgba: Uint8Array;
}

export function decodePng(png: Buffer): Pixels {
  if (png.readUInt32BE(0) !== 0x89504e47) throw new Error('not a PNG');
  let offset = 8;
  let width = 0, height = 0, channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const depth = body[8], colour = body[9], interlace = body[12];
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0) throw new Error(`PNG: unsupported format (depth ${depth}, colour ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rgba = new Uint8Array(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const out = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? out[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      let add = 0;
      if (filter === 1) add = a;
      else if (filter === 2) add = b;
      else if (filter === 3) add = (a + b) >> 1;
      else if (filter === 4) {
        // Paeth predictor (PNG specification, 9.4).
        const p = a + b - c;
        const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      out[i] = (line[i]! + add) & 255;
    }
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      rgba[o] = out[x * channels]!;
      rgba[o + 1] = out[x * channels + 1]!;
      rgba[o + 2] = out[x * channels + 2]!;
      rgba[o + 3] = channels === 4 ? out[x * channels + 3]! : 255;
    }
    prev = out;
  }
  return { width, height, rgba };
}

/**
 * How a board screenshot looks: the number of distinct colours (coarsely, 4 bits a channel) and
 * the share of pixels far from the most common colour. A blank area has one colour and a share of
 * about 0; a drawn board has two square colours, pieces and coordinates.
 */
export function pixelSummary(p: Pixels): { colours: number; share: number } {
  const counts = new Map<number, number>();
  for (let i = 0; i < p.rgba.length; i += 4) {
    const key = ((p.rgba[i]! >> 4) << 8) | ((p.rgba[i + 1]! >> 4) << 4) | (p.rgba[i + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const total = p.width * p.height;
  const top = Math.max(...counts.values());
  return { colours: counts.size, share: 1 - top / total };
}
