import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { apiRules } from './eslint/api.js';
import { webRules } from './eslint/web.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.tmp/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...webRules,
  ...apiRules,
  {
    // A test file is imported by nothing, so no import cycle can pass through it: the cycle rule (the costliest one)
    // follows only the files that others import.
    files: ['**/*.test.{ts,tsx}', '**/*.e2e.ts', '**/*.reliability.ts', '**/*.node-versions.ts'],
    rules: { 'import-x/no-cycle': 'off' },
  },
  {
    files: ['scripts/**', 'bench/**', '.ci/**', 'apps/api/src/sim/**', 'apps/api/src/db/seed-demo.ts'],
    rules: { 'no-console': 'off' },
  },
);
