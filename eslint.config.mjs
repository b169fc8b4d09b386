// Lint: typescript-eslint's recommended rules and the import boundaries of the client
// (bulletproof-react): features never import each other, engine/ and shared/ never import
// features or the API layer, and the schema runtime imports neither React nor Fastify. On the
// server, db/ (tables, vocabularies, migrations) sits below services/ and routes/.
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const upTo = (folders) => ({
  regex: `^(\\.\\./)+(${folders})(/|$)`,
  message: 'engine/ and shared/ never import features/ or api/: pass what they need in from the app.',
});

export default tseslint.config(
  { ignores: ['generated/**', 'dist/**', 'node_modules/**', 'tests/e2e/test-results/**', '**/*.js', '**/*.cjs', '**/*.mjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      // Schemas are untyped JSON: tests and the schema runtime walk them as `any` on purpose.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The hook rules the client's code already follows (its disable comments name them).
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['src/client/features/*/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^\\.\\./(?!\\.\\./)', message: 'Features never import each other: move what both need to engine/ or shared/.' }],
      }],
    },
  },
  {
    files: ['src/client/engine/**/*.{ts,tsx}', 'src/client/shared/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [upTo('features|api')] }] },
  },
  {
    files: ['src/server/db/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(\\.\\./)+(services|routes)(/|$)', message: 'db/ never imports services/ or routes/: code that needs both (the demo seed) lives above them.' }],
      }],
    },
  },
  {
    files: ['src/schema-runtime/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { regex: '^(react|react-dom|fastify|@fastify/.*)(/.*)?$', message: 'The schema runtime runs in the server, the browser and the QA tool: no React, no Fastify.' },
          { regex: '^(\\.\\./)+(client|server)(/|$)', message: 'The schema runtime imports neither the client nor the server.' },
        ],
      }],
    },
  },
);
