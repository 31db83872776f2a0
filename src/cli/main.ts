#!/usr/bin/env node
/**
 * `caissa <command> …`. Exit codes: 0 success, 1 a failed check, 2 bad usage or bad input.
 */
import { COMMANDS } from './commands/index.js';
import { EXIT_USAGE, isUsageError, usageErrorText } from './usage.js';
import { visible } from '../core/visible.js';

function help(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return ['usage: caissa <command> [options]', '', ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`)].join('\n');
}

/** `--help` or `-h` anywhere after a command asks for its usage, as does `caissa help <command>`. */
const wantsHelp = (args: string[]): boolean => args.includes('--help') || args.includes('-h');

async function main(argv: string[]): Promise<number> {
  let [name, ...rest] = argv;
  if (name === 'help' && rest.length > 0) [name, ...rest] = [rest[0]!, '--help'];
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    console.log(help());
    return name === undefined ? EXIT_USAGE : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (command === undefined) {
    console.error(`caissa: unknown command '${visible(name)}'\n\n${help()}`);
    return EXIT_USAGE;
  }
  if (wantsHelp(rest)) {
    console.log(`usage: ${command.usage}`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (e) {
    if (isUsageError(e)) {
      console.error(usageErrorText(command, e));
      return EXIT_USAGE;
    }
    throw e;
  }
}

// A reader that stops early (`caissa pgn replay --jsonl … | head`) closes the pipe: stop quietly,
// as command-line tools do, rather than die on an unhandled EPIPE.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code !== 'EPIPE') throw e;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await main(process.argv.slice(2));
