// The web app's own rules: features used through their doors, no import cycles (docs/architecture.md, "Web app").
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const WEB = 'apps/web/src';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every folder under src/features is a feature; a new one is covered as soon as it exists. */
const FEATURES = fs
  .readdirSync(path.join(root, WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A feature's doors: index.ts (what other features and the app's shell use), screens.ts (its screens as loaders, for
 * the route table) and sign-in.ts (what the sign-in page loads before the app). Everything else is the feature's own.
 */
const DOORS = ['index.ts', 'screens.ts', 'sign-in.ts'];

const FRONT_DOOR =
  'A feature is used through its doors: import "features/<feature>" (its index.ts), or its screens.ts or ' +
  'sign-in.ts, never one of its files (docs/architecture.md, "Web app").';

/** Everything under src but the feature itself: the app, the shared pieces and the other features. */
const outside = (feature) => [
  `./${WEB}/app`,
  `./${WEB}/components`,
  `./${WEB}/lib`,
  `./${WEB}/main.tsx`,
  ...FEATURES.filter((other) => other !== feature).map((other) => `./${WEB}/features/${other}`),
];

const doorZones = [
  ...FEATURES.map((feature) => ({
    target: outside(feature),
    from: `./${WEB}/features/${feature}`,
    except: DOORS.map((door) => `./${door}`),
    message: FRONT_DOOR,
  })),
];

const zones = [
  ...doorZones,
  // The shared pieces serve every feature and know none of them.
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`],
    from: `./${WEB}/features`,
    message: 'components/ and lib/ serve every feature and import none (docs/architecture.md, "Web app").',
  },
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/features`],
    from: `./${WEB}/app`,
    message: 'The app wires the features together; nothing imports it back (docs/architecture.md, "Web app").',
  },
];

export const webRules = [
  {
    files: [`${WEB}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
      // The web app's own files are TypeScript: followed for cycles like JavaScript would be.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // No import cycle anywhere in the web app. Type-only imports are not followed (they vanish from the build).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones, basePath: root }],
    },
  },
  {
    // A test may compare a shared piece with the app's (the plain sign-in markup with the theme); it still uses
    // the features through their doors.
    files: [`${WEB}/**/*.test.{ts,tsx}`],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: doorZones, basePath: root }] },
  },
  {
    // The translation types gather every feature's texts for i18next's typing; they are types only.
    files: [`${WEB}/lib/i18next.d.ts`],
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
];
