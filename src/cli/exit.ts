/**
 * The exit codes of every `caissa` command, in one table (documented in docs/cli.md). The same
 * kind of failure gets the same code in every command.
 */

/** Success: the command did what was asked (a check found nothing wrong). */
export const EXIT_OK = 0;
/** A check failed: a perft count, a FEN, a PGN game, a resumable run's state is wrong. */
export const EXIT_FAILED = 1;
/** Bad usage or bad input: an unknown option, a malformed value, a FEN, move or file that does not read. */
export const EXIT_USAGE = 2;
/**
 * An input/output failure outside the input's content: standard output closed early, a full disk
 * or a full output ("cannot write …: no space left on device"), a read error of the device.
 */
export const EXIT_IO = 3;
