// Lint with typescript-eslint; the layer rules keep dependencies pointing one way:
// core ← chess ← variants, notation ← tools ← env ← cli, and nothing Node-only outside src/cli
// and src/node (the core runs in a browser too).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const nodeOnly = ['node:*', 'fs', 'path', 'os', 'worker_threads', 'zlib', 'child_process'];
// Node's globals, which a browser lacks: the layers below src/node and src/cli use none.
const nodeGlobals = ['Buffer', 'process', 'require', 'module', '__dirname', '__filename', 'global', 'setImmediate', 'clearImmediate'];
const layer = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: [...forbidden.map((f) => `**/${f}/**`), ...nodeOnly], message: 'layer rule: see eslint.config.js' }] },
    ],
    'no-restricted-globals': ['error', ...nodeGlobals.map((name) => ({ name, message: 'Node-only global: the core runs in a browser too' }))],
  },
});

export default tseslint.config(
  { ignores: ['dist/**', 'dist-test/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  layer(['src/core/**/*.ts'], ['chess', 'notation', 'variants', 'tools', 'env', 'node', 'cli']),
  layer(['src/chess/**/*.ts'], ['notation', 'variants', 'tools', 'env', 'node', 'cli']),
  layer(['src/notation/**/*.ts', 'src/variants/**/*.ts'], ['tools', 'env', 'node', 'cli']),
  layer(['src/tools/**/*.ts'], ['env', 'node', 'cli']),
  layer(['src/env/**/*.ts'], ['node', 'cli']),
);
