import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const ENGINE_PATTERNS = [
  { group: ['**/modules/**', '**/db/**', '**/http/**', '**/jobs/**', '**/app/**', '**/config/**', '**/sandbox/**', '**/blobs/**'], message: 'Engines import only shared/ and libraries.' },
  { group: ['fastify', 'pg', 'pg-boss', 'drizzle-orm', '@electric-sql/pglite'], message: 'Engines know nothing of HTTP, the database or the queue.' },
];

/** One config per folder of src/documents: the folders (and pipeline.ts) it must not import. */
function documentBoundaries(rules) {
  return rules.map(([folder, forbidden, allowed = []]) => ({
    files: [`src/documents/${folder}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      // no-restricted-imports does not see import(): the same folders, for dynamic imports.
      'no-restricted-syntax': [
        'error',
        {
          selector: `ImportExpression[source.value=/(^|\\/)(${forbidden.map((f) => (f === 'pipeline' ? 'pipeline\\.ts$' : `${f}\\/`)).join('|')})/]`,
          message: `src/documents/${folder}/ imports downwards only: not ${forbidden.join(', ')} (src/documents/README.md).`,
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ENGINE_PATTERNS,
            {
              group: [...forbidden.map((f) => (f === 'pipeline' ? '**/pipeline.ts' : `**/${f}/**`)), ...allowed],
              message: `src/documents/${folder}/ imports downwards only: not ${forbidden.join(', ')} (src/documents/README.md).`,
            },
          ],
        },
      ],
    },
  }));
}

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'drizzle/**', 'portal/dist/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['src/documents/**/*.ts', 'src/risk/**/*.ts', 'src/report-pdf/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ENGINE_PATTERNS }] },
  },
  // The document engine's folders import downwards only (src/documents/README.md draws them), so
  // import cycles cannot come back: pipeline.ts → sources/ → sniff/ · layout/ · values/ · data/;
  // classify/ → statement/ → layout/ · values/ · data/. The boundaries test checks the same on the
  // resolved import graph, dynamic imports included.
  ...documentBoundaries([
    ['layout', ['sources', 'classify', 'statement', 'identity', 'sniff', 'pipeline']],
    ['values', ['sources', 'classify', 'statement', 'identity', 'sniff', 'layout', 'pipeline']],
    ['data', ['sources', 'classify', 'statement', 'identity', 'sniff', 'layout', 'values', 'pipeline']],
    ['sniff', ['sources', 'classify', 'statement', 'identity', 'pipeline']],
    // A source knows nothing of statements: only the model MT940 and camt state themselves in.
    ['sources', ['classify', 'statement', 'pipeline'], ['!**/statement/model.ts']],
    ['classify', ['sources', 'identity', 'pipeline']],
    ['statement', ['sources', 'classify', 'identity', 'pipeline']],
    ['identity', ['sources', 'classify', 'pipeline']],
  ]),
  {
    // The HTTP layer is glue: modules plug into it (routes, an Authenticator, schemas through app/), never the reverse.
    files: ['src/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/modules/**', '**/app/**'], message: 'src/http imports no module (types it needs live in src/shared/).' }] },
      ],
    },
  },
  {
    // One typed configuration: only src/config reads the environment (tests and their helpers may).
    files: ['src/**/*.ts'],
    ignores: ['src/config/**', '**/*.test.ts', '**/*.test-support.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read settings from the Config object (src/config); nothing else reads process.env.' },
      ],
    },
  },
  {
    // Regexes run on untrusted text (uploads, request fields): no super-linear backtracking.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': ['error', { report: 'certain' }],
      'regexp/no-super-linear-move': ['error', { report: 'certain', ignoreSticky: true, ignorePartial: false }],
    },
  },
  {
    files: ['src/main.ts', 'bench/**/*.ts', 'scripts/**/*.ts', 'examples/**/*.ts', 'test/**/*.ts', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
);
