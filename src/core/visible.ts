/**
 * Text of the user's input as an error line on a terminal shows it. A message may quote that
 * text (a move argument, a FEN, a PGN tag value, a file name), which can hold any character, so
 * control characters (C0, DEL, C1), the Unicode line and paragraph separators and the
 * bidirectional controls are written as escapes (`\t`, `\x1b`, `\u2028`) and a backslash is
 * doubled: the text cannot break the line, move the terminal's cursor or reorder what it shows,
 * and reads back unambiguously. Output in JSON has JSON's escapes instead.
 */
const hidden = (code: number): boolean =>
  code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);

export function visible(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.charCodeAt(0);
    if (c === '\\') out += '\\\\';
    else if (c === '\t') out += '\\t';
    else if (hidden(code)) out += (code < 0x100 ? '\\x' : '\\u') + code.toString(16).padStart(code < 0x100 ? 2 : 4, '0');
    else out += c;
  }
  return out;
}

/** The most characters of the user's input a message quotes (`excerpt`). */
export const EXCERPT_CHARS = 40;

/**
 * The user's input as a message quotes it: whole when short, else its first characters and how
 * many more there were, so that a 100 KB argument or line gives a one-line error.
 */
export function excerpt(text: string, max = EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  // Cut at a code point, not inside a surrogate pair.
  const cut = text.codePointAt(max - 1)! > 0xffff ? max - 1 : max;
  return `${text.slice(0, cut)}… (${text.length - cut} more characters)`;
}

/** The longest message a command prints about one input, whatever it quotes. */
export const MAX_MESSAGE_CHARS = 1000;

/**
 * A message about the user's input, bounded: each quoted part ('…') longer than an excerpt is
 * shortened to one, and the whole to `MAX_MESSAGE_CHARS`, so that a 100 KB argument, token or
 * line gives a one-line error. Messages quote the input in single quotes.
 */
export function boundedMessage(message: string): string {
  const short = message.replace(/'([^'\n]*)'/g, (whole, inner: string) => (inner.length > EXCERPT_CHARS ? `'${excerpt(inner)}'` : whole));
  return short.length <= MAX_MESSAGE_CHARS ? short : excerpt(short, MAX_MESSAGE_CHARS);
}

/** A message about the user's input as a terminal line shows it: bounded, then made visible. */
export const shownMessage = (message: string): string => visible(boundedMessage(message));
