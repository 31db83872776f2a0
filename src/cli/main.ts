#!/usr/bin/env node
/**
 * `caissa <command> …`. Exit codes: `exit.ts`.
 */
import { readFileSync } from 'node:fs';
import { COMMANDS, loadAllCommands } from './commands/index.js';
import { EXIT_IO, EXIT_USAGE } from './exit.js';
import { ioFailure } from './io-failure.js';
import { isUsageError, usageErrorText, usageText } from './usage.js';
import { excerpt, visible } from '../core/visible.js';

async function help(): Promise<string> {
  const commands = await loadAllCommands();
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'usage: caissa <command> [options]',
    '',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    '`caissa <command> --help` for more',
  ].join('\n');
}

/** `--help` or `-h` anywhere after a command asks for its usage, as does `caissa help <command>`. */
const wantsHelp = (args: string[]): boolean => args.includes('--help') || args.includes('-h');

/**
 * A hint for a FEN given to `--fen` unquoted: the shell split it, so its board came as the
 * option's value and the side to move (`w` or `b`) as an argument of its own.
 */
function unquotedFenHint(args: string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    const inline = args[i]!.startsWith('--fen=');
    if (args[i] !== '--fen' && !inline) continue;
    const board = inline ? args[i]!.slice('--fen='.length) : args[i + 1];
    const turn = args[inline ? i + 1 : i + 2];
    if (board !== undefined && !board.includes(' ') && (turn === 'w' || turn === 'b')) {
      return `hint: the shell splits an unquoted FEN into words; quote the FEN: --fen "${visible(board)} ${turn} …"`;
    }
  }
  return undefined;
}

/** The package's version, from its package.json (two levels above this file, in `dist/cli`). */
function version(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(text) as { version: string }).version;
}

async function main(argv: string[]): Promise<number> {
  let [name, ...rest] = argv;
  if (name === '--version' || name === '-v' || name === 'version') {
    console.log(`caissa ${version()}`);
    return 0;
  }
  if (name === 'help' && rest.length > 0) [name, ...rest] = [rest[0]!, '--help'];
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(await help());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry === undefined) {
    console.error(`caissa: unknown command '${visible(excerpt(name))}'\n\n${await help()}`);
    return EXIT_USAGE;
  }
  const command = await entry.load();
  if (wantsHelp(rest)) {
    console.log(usageText(command));
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (isUsageError(e)) {
      const hint = unquotedFenHint(rest);
      console.error(usageErrorText(command, e) + (hint === undefined ? '' : `\n${hint}`));
      return EXIT_USAGE;
    }
    const io = ioFailure(e);
    if (io !== undefined) {
      console.error(`caissa ${command.name}: ${io}`);
      return EXIT_IO;
    }
    throw e;
  }
}

// A reader that stops early (`caissa pgn replay --jsonl … | head`) closes the pipe: stop quietly,
// as command-line tools do, rather than die on an unhandled EPIPE; but not with success, since
// the output was not all written (a shell's pipefail or a script must see it).
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  const io = ioFailure(e);
  if (e.code !== 'EPIPE' && io === undefined) throw e;
  if (io !== undefined) console.error(`caissa ${process.argv[2] ?? ''}: ${io}`);
  process.exit(EXIT_IO);
});

process.exitCode = await main(process.argv.slice(2));
