import { test } from 'node:test';
import assert from 'node:assert/strict';
import { makeSquare as opsSquareName, squareFile as opsSquareFile, squareRank as opsSquareRank } from 'chessops/util';
import { describeSquare, makeSquare, parseSquare, squareFile, squareName, squareRank } from '../../src/core/square.js';

test('squareName names squares 0..63 and refuses anything else; parseSquare is its inverse', () => {
  assert.deepEqual([0, 28, 63].map(squareName), ['a1', 'e4', 'h8']);
  for (const bad of [-1, 64, 1.5, NaN]) assert.throws(() => squareName(bad), RangeError);
  for (let sq = 0; sq < 64; sq++) assert.equal(parseSquare(squareName(sq)), sq);
  for (const bad of ['', 'i1', 'a9', 'a0', 'e44', 'E4']) assert.equal(parseSquare(bad), undefined, bad);
  assert.deepEqual([28, 64, -1, 2.5].map(describeSquare), ['e4', 'square 64', 'square -1', 'square 2.5']);
});

test('squareFile and squareRank take every square apart as chessops does, and makeSquare puts it back', () => {
  // squareFile and squareRank are public (caissa/core) but nothing inside the library calls them.
  for (let sq = 0; sq < 64; sq++) {
    assert.equal(squareFile(sq), opsSquareFile(sq), `file of ${sq}`);
    assert.equal(squareRank(sq), opsSquareRank(sq), `rank of ${sq}`);
    assert.equal(makeSquare(squareFile(sq), squareRank(sq)), sq);
    assert.equal(squareName(sq), opsSquareName(sq));
  }
});
