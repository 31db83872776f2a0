// Lint with typescript-eslint; the layer rules keep dependencies pointing one way:
// core ← chess ← variants, notation ← tools ← env ← cli (tools ← web, the browser page), and nothing Node-only outside src/cli
// and src/node (the core runs in a browser too).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

// The layers below src/node and src/cli import only their own modules: no Node built-in (`node:fs`,
// or bare `util`, `crypto`), no dependency (`bullmq`), and no module chosen at run time.
const ownModulesOnly = { regex: '^(?!\\.\\.?/)', message: 'the core runs in a browser too: it imports only its own modules (see eslint.config.js)' };
// Node's globals, which a browser lacks: the layers below src/node and src/cli use none, nor reach
// them through the global object.
const nodeGlobals = ['Buffer', 'process', 'require', 'module', 'exports', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate'];
const globalMessage = 'Node-only global: the core runs in a browser too';
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: forbidden.map((f) => `**/${f}/**`), message: 'layer rule: see eslint.config.js' }, ownModulesOnly] },
    ],
    'no-restricted-globals': ['error', ...nodeGlobals.map((name) => ({ name, message: globalMessage }))],
    'no-restricted-properties': [
      'error',
      ...['globalThis', 'self', 'window'].flatMap((object) => nodeGlobals.map((property) => ({ object, property, message: globalMessage }))),
    ],
    'no-restricted-syntax': ['error', { selector: 'ImportExpression', message: 'the core imports statically: a dynamic import escapes the layer rules' }],
  },
});

export default tseslint.config(
  // docs/api is TypeDoc's output (`npm run docs`), built and not committed.
  { ignores: ['dist/**', 'dist-test/**', 'node_modules/**', 'docs/api/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // The launcher, the examples and the build scripts are plain Node scripts.
  {
    files: ['bin/**/*.js', 'examples/**/*.{js,mjs}', 'scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
  // Tests make their directories with tempDir() (test/helpers.ts), which removes them when the test
  // process exits, failed or not; the others make theirs in the build folder.
  {
    files: ['test/**/*.ts'],
    ignores: ['test/helpers.ts', 'test/node/fault-tree.ts', 'test/public-types.test.ts', 'test/readme.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'node:fs', importNames: ['mkdtempSync', 'mkdtemp'], message: 'use tempDir() of test/helpers.ts: removed when the tests end, failed or not' }] },
      ],
    },
  },
  layer(['src/core/**/*.ts'], ['chess', 'notation', 'variants', 'tools', 'env', 'node', 'cli']),
  layer(['src/chess/**/*.ts'], ['notation', 'variants', 'tools', 'env', 'node', 'cli']),
  layer(['src/notation/**/*.ts', 'src/variants/**/*.ts'], ['tools', 'env', 'node', 'cli']),
  layer(['src/tools/**/*.ts'], ['env', 'node', 'cli']),
  layer(['src/env/**/*.ts'], ['node', 'cli']),
  // The browser playground (bundled into dist/web): the rules, notations, tools and variants, no
  // environment, nothing Node-only.
  layer(['src/web/**/*.ts'], ['env', 'node', 'cli']),
  // The package's main entry, which a web page loads: the browser layers only.
  layer(['src/index.ts'], ['node', 'cli']),
);
