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
