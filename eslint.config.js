// Lint rules, including the dependency direction of docs/architecture.md (The rest):
// common <- server, common <- web; web never imports server; web features do not import each
// other; only repos and server/db touch Drizzle; a server feature never reaches into another's repo.
import fs from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const dirs = (p) => (fs.existsSync(p) ? fs.readdirSync(p, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name) : []);

const restrict = (files, patterns, ignores = []) => ({
  files,
  ignores,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

const noServer = { regex: '(^|/)server(/|$)', message: 'web/ and common/ never import server/, not even types.' };
const noNode = { regex: '^node:', message: 'web/ runs in the browser.' };
const noDrizzle = { regex: '^drizzle-orm', message: 'Only *.repo.ts and server/db/ use Drizzle.' };
const noWeb = { regex: '(^@web/|(^|/)web(/|$))', message: 'server/ and common/ never import web/.' };
const noTests = { regex: '(^|/)tests/', message: 'Production code never imports test support (tests/); only tests and benchmarks do.' };
const tests = ['**/*.test.ts', '**/*.test.tsx'];

// Flat config replaces a rule's options per block rather than merging them, so each block
// repeats every pattern that applies to its files.
export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  restrict(['common/**'], [
    { regex: '^(?!zod$|\\.{1,2}/).*', message: 'common/ is isomorphic: it imports only zod and itself.' },
    noServer,
    noWeb,
    noTests,
  ], ['common/**/*.test.ts']),
  restrict(['web/**'], [noServer, noNode, noTests]),
  ...dirs('web/features').map((f) =>
    restrict([`web/features/${f}/**`], [
      noServer,
      noNode,
      noTests,
      { regex: `(^@web/features/|/features/)(?!${f}/)`, message: 'Web features do not import each other; compose them in web/app.' },
      { regex: '(^@web/app/|/app/)', message: 'Features do not import route components.' },
    ]),
  ),
  restrict(['server/**'], [noWeb, noDrizzle, noTests], [
    'server/**/*.repo.ts',
    'server/db/**',
  ]),
  restrict(['server/**/*.repo.ts', 'server/db/**'], [noWeb, noTests]),
  ...dirs('server/features').map((f) =>
    restrict([`server/features/${f}/**`], [
      noWeb,
      noDrizzle,
      noTests,
      { regex: `^\\.\\./(?!${f}/)[^/]+/[^/]+\\.repo$`, message: "Call another feature's service, never its repo." },
    ], [`server/features/${f}/*.repo.ts`]),
  ),
  // Tests beside the code may use test support; the other boundaries still hold for them.
  restrict(tests.map((t) => `server/${t}`), [noWeb]),
  restrict(tests.map((t) => `web/${t}`), [noServer, noNode]),
);
