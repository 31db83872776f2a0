/**
 * `npm run bench -- <name> [args…]` runs bench/<name>.ts (compiled), e.g. `npm run bench:perft`.
 * Benchmarks run on the built JS, warm up first and compare with the peers in the same run.
 */
const [name, ...rest] = process.argv.slice(2);
if (name === undefined || !/^[a-z0-9-]+$/.test(name)) {
  console.error('usage: npm run bench -- <name> [args…]  (a file in bench/)');
  process.exit(2);
}
process.argv = [process.argv[0]!, process.argv[1]!, ...rest];
await import(`./${name}.js`);
