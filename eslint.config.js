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
    files: ['scripts/**', 'bench/**', '.ci/**', 'apps/api/src/sim/**', 'apps/api/src/db/seed-demo.ts'],
    rules: { 'no-console': 'off' },
  },
);
