// The web app's own rules (docs/architecture.md).
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export const webRules = [
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
];
