// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Data access has one home: each module's repository (ARCHITECTURE.md §4a), and seeds import from
// modules, never the reverse.
const seedsBan = { group: ['**/database/seeds', '**/database/seeds/**'], message: 'Seeds import from modules, never the reverse.' };
const dataAccessMessage = 'SQL lives in the module repository (*.repository.ts or repositories/); services reach it through methods.';

export default tseslint.config(
  { ignores: ['**/dist/**', 'node_modules/**', '.tools/**', '.data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['public-ui/**/*.{ts,tsx}', 'admin-ui/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['scripts/**/*.mjs', 'test/**/*.ts', '**/*.spec.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/modules/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [seedsBan] }] },
  },
  {
    // The modules and the ground floor's shared services (the unit of work opens the transaction itself).
    files: ['src/modules/**/*.ts', 'src/database/activity-log/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.repository.ts', '**/repositories/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            // The transaction is opaque outside repositories (a DbScope): services hand it on, never query with it.
            { name: 'typeorm', importNames: ['DataSource', 'EntityManager'], message: dataAccessMessage },
            { name: '@nestjs/typeorm', importNames: ['InjectDataSource', 'InjectRepository'], message: dataAccessMessage },
          ],
          patterns: [
            { group: ['**/database/prepared', '**/database/fast-insert'], message: dataAccessMessage },
            { group: ['**/database/db-scope'], importNames: ['managerOf', 'scopeOf'], message: dataAccessMessage },
            seedsBan,
          ],
        },
      ],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='query']", message: dataAccessMessage }],
    },
  },
  prettier,
);
