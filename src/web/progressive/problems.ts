/**
 * Problems the page offers: "mate in one series" problems of the progressive-chess course set
 * (test/fixtures/progressive/fri-problems.csv, the course's `<board> <w|b> <N>` lines), from
 * N = 4 to 9, and three of them asked one move short, where the solver proves that no mate
 * exists. A few lines, not the file: the page ships no data it does not show.
 */
export interface ProgressiveProblem {
  /** The label in the list. */
  readonly label: string;
  /** The course line: board, side to move, series length. */
  readonly line: string;
}

const fri = (id: number, line: string, short = false): ProgressiveProblem => {
  const [, side, n] = line.split(' ') as [string, string, string];
  const who = side === 'w' ? 'White' : 'Black';
  return { label: `Course #${id}: ${who} mates in ${n}${short ? ' (one short: no mate)' : ''}`, line };
};

export const PROBLEMS: readonly ProgressiveProblem[] = [
  fri(1, 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b 4'),
  fri(4, 'rnbBkbnr/ppp2ppp/8/3pP3/8/8/PPP1PPPP/RN1QKBNR b 4'),
  fri(13, 'rnbqkbnQ/ppp1ppp1/8/3p4/2P5/4P3/PP1P1PPP/RNB1KBNR b 4'),
  fri(20, 'rn1qkbnr/1pp1pppp/8/p2P4/8/5N2/PPPP1PPP/RNBbK2R w 5'),
  fri(22, 'rn1qkbnr/ppp2ppp/2n5/1B2p3/3Pp3/2N5/PPP2PPP/R1BbK1NR w 5'),
  fri(25, 'r1b1kbnr/pp2pppp/2n5/1Bp5/8/8/PPPP1PPP/RNBqK2R w 5'),
  fri(37, 'rn1Qkbnr/1p2p1pp/8/p7/8/8/PPPP1KPP/RNBb1BNR b 6'),
  fri(40, 'rnb1k1nB/ppp2p2/8/3pp3/1b1PP3/2P5/PP3PPP/RN2KBNR b 6'),
  fri(43, 'r3kb1N/ppp3pp/8/3pp3/4P1b1/8/PP3PPP/nN1K1B1R w 7'),
  fri(44, 'r3k2N/pppnb1pp/3p4/4p3/4P3/3P4/PPP2P1P/RN1K1B1b w 7'),
  fri(49, '5Rnr/1ppbk1pp/5p2/3P4/8/5P1N/PP3KPP/RNB5 b 8'),
  fri(52, 'R3k1nr/4b1pp/8/1P2pp2/8/5N2/1PPPK1PP/1NB4R b 8'),
  fri(55, '7r/p3kppp/8/6P1/8/8/PP1KPP1P/n6b w 9'),
  fri(58, 'r7/p1pkpp1p/3n2p1/3p4/8/8/2P1K1PP/b6R w 9'),
  fri(1, 'rnbBkbnr/pp1p1ppp/8/8/3p4/8/PPP1PPPP/RN1QKBNR b 3', true),
  fri(20, 'rn1qkbnr/1pp1pppp/8/p2P4/8/5N2/PPPP1PPP/RNBbK2R w 4', true),
  fri(44, 'r3k2N/pppnb1pp/3p4/4p3/4P3/3P4/PPP2P1P/RN1K1B1b w 6', true),
];
