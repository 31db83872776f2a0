/**
 * A command about to read standard input from a terminal says so on stderr: otherwise a user who
 * left out a file name (or gave `-`) sees a command that seems to hang.
 */
export function noteStdinWait(command: string, what: string): void {
  if (process.stdin.isTTY === true) process.stderr.write(`caissa ${command}: reading ${what} from the terminal; end with Ctrl-D (Ctrl-Z, Enter on Windows)\n`);
}
