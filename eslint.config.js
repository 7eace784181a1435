import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Feature boundaries (docs/decisions/045-feature-boundaries-and-one-copy.md): a server feature
// uses another only through its service (`<name>.service.ts`) or its `index.ts`; a route file uses
// its own feature only. One zone per feature, since "another feature" depends on the importer.
const featuresDir = path.join(import.meta.dirname, 'server/features');
const features = fs
  .readdirSync(featuresDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureBoundaries = features.flatMap((feature) => {
  const others = `server/features/!(${feature})/**`;
  return [
    {
      target: `server/features/${feature}/!(*.routes).ts`,
      from: others,
      except: [path.join(featuresDir, '*/*.service.ts'), path.join(featuresDir, '*/index.ts')],
      message:
        'Use another feature through its <name>.service.ts or index.ts only, never its repository, routes or other modules (docs/architecture.md, "Where new code goes").',
    },
    {
      target: `server/features/${feature}/*.routes.ts`,
      from: others,
      message:
        'A route file calls its own feature\'s service only; let that service use the other feature (docs/architecture.md, "Where new code goes").',
    },
  ];
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      '.test-data',
      '.scratch',
      'e2e/screenshots',
      'bench/results',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // No import cycles anywhere (a cycle is a module that needs itself to load), and the server
    // features' boundaries.
    files: ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'contract/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['server/features/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test-support.ts'],
    plugins: { 'import-x': importX },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureBoundaries }] },
  },
  {
    // The browser never runs zod (docs/decisions/044-a-lighter-client.md): the web imports a
    // call's endpoint and the shared values from the contract's zod-free modules, and the schema
    // modules only for their types.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                '**/contract/*',
                '!**/contract/*.base.ts',
                '!**/contract/routes.ts',
                '!**/contract/milestones.ts',
                '!**/contract/contribution-grid.ts',
                '!**/contract/constants.ts',
                '!**/contract/report-readings.ts',
              ],
              allowTypeImports: true,
              message:
                'The browser must not load zod: import the endpoint or value from contract/<feature>.base.ts, and the schema module with `import type` only (docs/decisions/044).',
            },
          ],
        },
      ],
    },
  },
  {
    // What the browser imports from the contract stays free of zod.
    files: [
      'contract/*.base.ts',
      'contract/routes.ts',
      'contract/milestones.ts',
      'contract/contribution-grid.ts',
      'contract/constants.ts',
      'contract/report-readings.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'zod',
                'zod/*',
                './*',
                '!./*.base.ts',
                '!./routes.ts',
                '!./milestones.ts',
                '!./contribution-grid.ts',
                '!./constants.ts',
                '!./report-readings.ts',
              ],
              allowTypeImports: true,
              message: 'A module the browser imports must not load zod (docs/decisions/044).',
            },
          ],
        },
      ],
    },
  },
  {
    // The contract is imported by both the server and the browser: no Node or DOM in it.
    files: ['contract/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fastify', 'react', 'react-dom'] }],
    },
  },
);
