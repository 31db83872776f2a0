/**
 * The engine's event streams (src/node/serve-engine.ts) against Debian's Stockfish: lines with
 * legal principal variations, a best move, a search stopped when a newer request supersedes it
 * or its client leaves, bad input answered with an event, and the engine gone after `close`.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { readFen } from '../../src/notation/fen.js';
import { parseUci } from '../../src/notation/uci.js';
import { Position } from '../../src/chess/position.js';
import { EngineService } from '../../src/node/serve-engine.js';
import { findStockfish } from '../stockfish.js';

const stockfish = findStockfish();

interface Event {
  readonly event: string;
  readonly data: Record<string, unknown>;
}

/** Reads an event stream until it ends or `until` says stop; the events seen. */
async function readEvents(url: string, until: (e: Event) => boolean = () => false, signal?: AbortSignal): Promise<Event[]> {
  const res = await fetch(url, { signal });
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/event-stream/);
  const events: Event[] = [];
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body!) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    let cut: number;
    while ((cut = text.indexOf('\n\n')) >= 0) {
      const block = text.slice(0, cut);
      text = text.slice(cut + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event === undefined || data === undefined) continue;
      const e = { event, data: JSON.parse(data) as Record<string, unknown> };
      events.push(e);
      if (until(e)) return events;
    }
  }
  return events;
}

async function serve(service: EngineService): Promise<{ server: Server; base: string }> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (!service.handle(req, res, path)) {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, base: `http://127.0.0.1:${port}` };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

test('engine analysis streams by server-sent events, one search at a time', { skip: stockfish === undefined && 'no stockfish' }, async () => {
  const service = await EngineService.start(stockfish!, { start: { options: { Threads: 1, Hash: 16 } }, maxMs: 20_000 });
  const { server, base } = await serve(service);
  const pid = service.pid!;
  try {
    const info = (await (await fetch(`${base}/engine/info`)).json()) as { name: string };
    assert.match(info.name, /Stockfish/);

    // A depth-limited search after 1.e4 e5: info lines with legal PVs, then the best move.
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    const events = await readEvents(`${base}/engine/analyse?fen=${encodeURIComponent(fen)}&moves=e2e4%20e7e5&depth=10`);
    const infos = events.filter((e) => e.event === 'info');
    assert.ok(infos.length >= 5, `${infos.length} info events`);
    const after = Position.standard().legalMoves().find((m) => m.uci === 'e2e4')!.play();
    const afterE5 = parseUci(after, 'e7e5');
    assert.ok(afterE5.ok);
    for (const e of infos) {
      let pos = afterE5.value.play();
      for (const u of e.data.pv as string[]) {
        const m = parseUci(pos, u);
        assert.ok(m.ok, `pv move ${u} is legal`);
        pos = m.value.play();
      }
      assert.ok(e.data.score !== undefined && typeof e.data.depth === 'number');
    }
    assert.equal((infos.at(-1)!.data.depth as number) >= 10, true);
    const best = events.at(-1)!;
    assert.equal(best.event, 'bestmove');
    assert.ok(parseUci(afterE5.value.play(), best.data.move as string).ok);

    // A mate in one is found as such.
    const mate = await readEvents(`${base}/engine/analyse?fen=${encodeURIComponent('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1')}&depth=6`);
    const last = mate.filter((e) => e.event === 'info').at(-1)!;
    assert.deepEqual(last.data.score, { type: 'mate', value: 1 });
    assert.equal(mate.at(-1)!.data.move, 'a1a8');

    // An endless search is superseded by a newer request: it gets `superseded` and ends.
    const first = readEvents(`${base}/engine/analyse?fen=startpos`);
    await new Promise((r) => setTimeout(r, 300));
    const second = await readEvents(`${base}/engine/analyse?fen=startpos&moves=d2d4&depth=6`);
    assert.equal(second.at(-1)!.event, 'bestmove');
    const firstEvents = await first;
    assert.equal(firstEvents.at(-1)!.event, 'superseded');

    // A client that leaves stops its search: the next search is answered at once.
    const leaving = new AbortController();
    const gone = readEvents(`${base}/engine/analyse?fen=startpos`, (e) => e.event === 'info', leaving.signal);
    await gone;
    leaving.abort();
    const t0 = performance.now();
    const next = await readEvents(`${base}/engine/analyse?fen=startpos&depth=4`);
    assert.equal(next.at(-1)!.event, 'bestmove');
    assert.ok(performance.now() - t0 < 5000, `answered in ${Math.round(performance.now() - t0)} ms`);
    assert.equal(service.pid, pid, 'still the one engine');

    // Bad input: an event saying what is wrong, and the stream ends.
    for (const [query, reason] of [
      ['variant=paco', /chess and chess960/],
      ['fen=8/8/8/8/8/8/8/8%20w%20-%20-%200%201', /^fen:/],
      ['fen=startpos&moves=e2e5', /move 1 'e2e5'/],
      ['fen=startpos&depth=0', /^depth:/],
      [`fen=${encodeURIComponent('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1')}`, /no legal move/],
    ] as const) {
      const bad = await readEvents(`${base}/engine/analyse?${query}`);
      assert.equal(bad.length, 1, query);
      assert.equal(bad[0]!.event, 'engine-error', query);
      assert.match(bad[0]!.data.message as string, reason, query);
    }
    assert.ok(readFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1').ok, 'the stalemate FEN is a valid position');
  } finally {
    await service.close();
    server.close();
    server.closeAllConnections();
  }
  assert.equal(alive(pid), false, 'the engine has exited after close');
});
