/**
 * `caissa svg`: a board diagram as SVG, on standard output or into a file.
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { parseSquare } from '../../core/square.js';
import { chessDiagram, MAX_SQUARE, pacoDiagram, variantDiagram, type DiagramArrow } from '../../tools/svg/index.js';
import type { VariantMove } from '../../variants/lichess/position.js';
import { parseVariantSan, parseVariantUci } from '../../variants/lichess/san.js';
import { variantArg, variantPositionArg } from '../variant-arg.js';
import { parsePacoFen } from '../../variants/paco/fen.js';
import { pacoStart } from '../../variants/paco/game.js';
import { joinEnPassantMarks, readMove } from '../move-arg.js';
import { positionArg, STARTPOS } from '../position-arg.js';
import { EXIT_OK, InputError, UsageError, parseIntOption, type Command } from '../usage.js';

const usage = `caissa svg [--fen FEN|startpos] [--moves "MOVE …"] [--paco | --variant NAME] [--lenient] [--flip] [--size PX] [--no-coordinates]
    [--highlight SQ,SQ…] [--arrow FROMTO,…] [--no-check] [--out FILE]
  --fen: the position (default: the start); with --paco, a Paco Ŝako FEN (unions drawn as pairs);
  with --variant (atomic, antichess, crazyhouse, horde, kingofthehill, racingkings, 3check), a FEN
  in lichess' dialect: crazyhouse's pockets and three-check's remaining checks are drawn beside the board
  --moves: SAN or UCI moves played from it first; the last one's squares are highlighted
  --flip: black at the bottom; --size: pixels per square, 1 to 100000 (default 45)
  --highlight e2,e4 tints squares; --arrow e2e4,g8f6 draws arrows (e2e2: a ring on e2); a king
  in check is marked unless --no-check`;

function squares(option: string, text: string | undefined): number[] {
  if (text === undefined || text === '') return [];
  return text.split(',').map((name) => {
    const sq = parseSquare(name.trim());
    if (sq === undefined) throw new UsageError(`${option}: '${name}' is not a square (a1 … h8)`);
    return sq;
  });
}

function arrows(text: string | undefined): DiagramArrow[] {
  if (text === undefined || text === '') return [];
  return text.split(',').map((pair) => {
    const t = pair.trim();
    const from = parseSquare(t.slice(0, 2));
    const to = parseSquare(t.slice(2));
    if (t.length !== 4 || from === undefined || to === undefined) throw new UsageError(`--arrow: '${pair}' is not two squares such as e2e4`);
    return { from, to };
  });
}

export const svgCommand: Command = {
  name: 'svg',
  summary: 'draw a board diagram as SVG (chess, Chess960, Paco Ŝako, the lichess variants)',
  usage,
  example: 'caissa svg --fen startpos --moves "e4 e5 Nf3" --out board.svg',
  async run(args) {
    const { values } = parseArgs({
      args,
      options: {
        fen: { type: 'string' },
        moves: { type: 'string' },
        paco: { type: 'boolean', default: false },
        lenient: { type: 'boolean', default: false },
        flip: { type: 'boolean', default: false },
        size: { type: 'string' },
        'no-coordinates': { type: 'boolean', default: false },
        highlight: { type: 'string' },
        arrow: { type: 'string' },
        'no-check': { type: 'boolean', default: false },
        out: { type: 'string' },
        variant: { type: 'string' },
      },
    });
    const rules = variantArg(values.variant);
    if (rules !== undefined && values.paco) throw new UsageError('--variant and --paco: one game at a time');
    const options = {
      squareSize: parseIntOption('--size', values.size, 45, 1, MAX_SQUARE),
      orientation: values.flip ? ('black' as const) : ('white' as const),
      coordinates: !values['no-coordinates'],
      highlights: squares('--highlight', values.highlight),
      arrows: arrows(values.arrow),
    };
    let svg: string;
    if (values.paco) {
      if (values.moves !== undefined) throw new UsageError('--moves: chess only (Paco Ŝako moves are chains of actions)');
      // Paco Ŝako has no check to mark and its FEN reader no lenient mode: say so, not ignore them.
      if (values.lenient) throw new UsageError('--lenient: chess only (a Paco Ŝako FEN is read as it is)');
      if (values['no-check']) throw new UsageError('--no-check: chess only (a Paco Ŝako diagram marks no Ŝako)');
      let state = pacoStart();
      if (values.fen !== undefined && values.fen !== STARTPOS) {
        const r = parsePacoFen(values.fen);
        if (!r.ok) throw new InputError(r.error.message);
        state = r.value;
      }
      svg = pacoDiagram(state, options);
    } else if (rules !== undefined) {
      if (values.lenient) throw new UsageError('--lenient: chess only (a variant FEN is read as the variant allows)');
      let pos = variantPositionArg(rules, values.fen);
      const moves = (values.moves ?? '').split(/[\s,]+/).filter((m) => m !== '');
      moves.forEach((text, i) => {
        const san = parseVariantSan(pos, text);
        const read: VariantMove | undefined = san.ok ? san.value : (() => {
          const uci = parseVariantUci(pos, text);
          return uci.ok ? uci.value : undefined;
        })();
        if (read === undefined) throw new InputError(`--moves: move ${i + 1} '${text}': ${san.ok ? '' : san.error.message}`);
        if (i === moves.length - 1) options.highlights.push(...(read.drop !== undefined ? [read.to] : [read.from, read.to]));
        pos = read.play();
      });
      svg = variantDiagram(pos, { ...options, ...(values['no-check'] ? { check: null } : {}) });
    } else {
      let pos = positionArg(values.fen, values.lenient);
      const moves = joinEnPassantMarks((values.moves ?? '').split(/[\s,]+/).filter((m) => m !== ''));
      moves.forEach((text, i) => {
        const move = readMove(pos, text, i);
        if (i === moves.length - 1) options.highlights.push(move.from, move.to);
        pos = move.play();
      });
      svg = chessDiagram(pos, { ...options, ...(values['no-check'] ? { check: null } : {}) });
    }
    if (values.out === undefined) {
      process.stdout.write(svg);
      return EXIT_OK;
    }
    try {
      writeFileSync(values.out, svg);
    } catch (e) {
      throw new InputError(`--out ${values.out}: cannot write there (${(e as Error).message})`);
    }
    return EXIT_OK;
  },
};
