/**
 * Runs the enumerate and cluster commands the way `caissa` does (for tests that spawn the CLI
 * and kill it): `node cli-runner.js enumerate …`. Mirrors `src/cli/main.ts` for these commands.
 * Without arguments (the test runner picks up every file under test/) it does nothing.
 */
import { clusterCommand } from '../../../src/cli/commands/cluster.js';
import { enumerateCommand } from '../../../src/cli/commands/enumerate.js';
import { EXIT_USAGE, isUsageError, usageErrorText } from '../../../src/cli/usage.js';

const [name, ...rest] = process.argv.slice(2);
const command = [enumerateCommand, clusterCommand].find((c) => c.name === name);
if (name === undefined) {
  // Loaded by `node --test` as a file of its own: nothing to run.
} else if (command === undefined) {
  console.error(`cli-runner: unknown command '${name}'`);
  process.exitCode = EXIT_USAGE;
} else {
  try {
    process.exitCode = await command.run(rest);
  } catch (e) {
    if (isUsageError(e)) {
      console.error(usageErrorText(command, e));
      process.exitCode = EXIT_USAGE;
    } else {
      throw e;
    }
  }
}
