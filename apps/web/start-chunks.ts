import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * The first loads in few files. By default the bundler gives every set of screens that share modules a chunk of its
 * own, so the signed-in shell and the Calls Dashboard came as about a hundred files (each Mantine component, hook
 * and helper that some other screen uses too), and the login page as seven. Here what the entry (the login page)
 * imports becomes one chunk, and what each group of start modules imports, less what an earlier one has, one chunk
 * per group: the login page loads none of the signed-in code. A later group may keep only its feature's own modules
 * and leave the rest (Mantine's parts, shared components) to the first group, the shell's, which every signed-in
 * screen has loaded already: another screen that imports one of them then loads nothing more.
 *
 * The module graph lists every module a module imports, also those of a package's index that re-exports a thousand
 * others (Mantine, the icons) of which a screen uses three. So a named import (`import { Button } from
 * '@mantine/core'`) is followed through such an index to the module that defines the name, and only that one.
 */

type ModuleInfo = { code: string | null; importedIds: readonly string[] };
type Context = {
  getModuleIds: () => IterableIterator<string>;
  getModuleInfo: (id: string) => ModuleInfo | null;
  resolve: (source: string, importer: string) => Promise<{ id: string } | null>;
};

/** `import { a, b as c } from "x"` (names a and b), `import "x"`, `import x from "x"`, `export * from "x"` (all). */
const IMPORT = /\b(?:import|export)\s*(?:(\{[^}]*\})|[^'";]*?)\s*(?:from\s*)?["']([^"']+)["']/g;
/** `export { a, b as c } from "x"` of an index: c is x's b. */
const REEXPORT = /\bexport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
/** `export { a, b as c };` at the end of an index whose imports named them. */
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}\s*;/g;

/** The names of `{ a, b as c }`: imported is what the other module calls it, local what this one does. */
function names(list: string): { imported: string; local: string }[] {
  return list
    .replace(/[{}]/g, '')
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [imported = '', local = imported] = part.split(/\s+as\s+/);
      return { imported: imported.trim(), local: local.trim() };
    });
}

/** Where each name a module exports comes from, when it re-exports it from another module. */
function reexports(code: string): Map<string, { source: string; imported: string }> {
  const result = new Map<string, { source: string; imported: string }>();
  const imported = new Map<string, { source: string; imported: string }>();
  for (const [statement, list, source] of code.matchAll(IMPORT)) {
    if (list && source && statement.startsWith('import'))
      for (const name of names(list)) imported.set(name.local, { source, imported: name.imported });
  }
  for (const [, list = '', source = ''] of code.matchAll(REEXPORT))
    for (const name of names(list)) result.set(name.local, { source, imported: name.imported });
  for (const [, list = ''] of code.matchAll(EXPORT_LIST))
    for (const name of names(list)) {
      const origin = imported.get(name.imported);
      if (origin) result.set(name.local, origin);
    }
  return result;
}

/** The modules that `roots` import, directly or through others, following named imports through re-exports. */
async function closure(context: Context, roots: string[]): Promise<Set<string>> {
  const whole = new Set<string>();
  const partly = new Map<string, Set<string>>();
  const resolved = new Map<string, string | null>();
  const resolve = async (source: string, importer: string) => {
    const key = `${importer}\n${source}`;
    if (!resolved.has(key)) resolved.set(key, (await context.resolve(source, importer))?.id ?? null);
    return resolved.get(key) ?? null;
  };

  const visit = async (id: string, wanted: string[] | null): Promise<void> => {
    if (whole.has(id)) return;
    const info = context.getModuleInfo(id);
    if (!info) return;
    // Without comments: a comment's example (`import { QueryClient } from '@tanstack/query-core'`) is no import.
    const code = (info.code ?? '').replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    if (wanted) {
      const seen = partly.get(id) ?? new Set<string>();
      partly.set(id, seen);
      const fresh = wanted.filter((name) => !seen.has(name));
      if (fresh.length === 0) return;
      const map = reexports(code);
      if (fresh.every((name) => map.has(name))) {
        for (const name of fresh) {
          seen.add(name);
          const origin = map.get(name)!;
          const target = await resolve(origin.source, id);
          if (target) await visit(target, origin.imported === 'default' ? null : [origin.imported]);
        }
        return;
      }
    }
    whole.add(id);
    // What this module takes by name from each module; null where it takes all of it.
    const taken = new Map<string, string[] | null>();
    for (const [statement, list, source] of code.matchAll(IMPORT)) {
      if (!source) continue;
      const target = await resolve(source, id);
      if (!target) continue;
      const named = list && !/\bdefault\b/.test(list) && /^(import|export)\s*\{/.test(statement);
      const before = taken.get(target);
      if (!named || before === null) taken.set(target, null);
      else taken.set(target, [...(before ?? []), ...names(list).map((name) => name.imported)]);
    }
    for (const next of info.importedIds) await visit(next, taken.get(next) ?? null);
  };

  for (const root of roots) await visit(root, null);
  // An index taken from only by name goes along too (with the bundler's execution order it is a few bytes of code).
  return new Set([...whole, ...partly.keys()]);
}

/**
 * Puts what the entry imports into one chunk, and what each group's start modules import into one chunk per group,
 * in the order given (a module goes to the first that imports it); `chunkOf` is the name function of the bundler's
 * code-splitting group.
 */
export type StartGroup = {
  /** Modules (paths relative to apps/web) whose imports make the chunk. */
  roots: string[];
  /** Only the modules whose id matches go to this chunk; the others of its closure go to the first group's. */
  only?: RegExp;
  /**
   * The page addresses that start with this chunk: every address but `except`, or only those under `under` (the
   * address itself or below it). The build lists them in start-chunks.json, and the server names the chunk's files
   * in such a page for the browser to load at once, beside the entry, instead of after it ran.
   */
  pages: { except: string[] } | { under: string[] };
};

/** start-chunks.json: per group, the pages that start with it and its files (scripts and stylesheets). */
export const START_CHUNKS_FILE = 'start-chunks.json';

export function startChunks(groups: Record<string, StartGroup>): {
  plugin: Plugin;
  chunkOf: (id: string) => string | null;
} {
  const chunks = new Map<string, string>();
  const plugin: Plugin = {
    name: 'start-chunks',
    apply: 'build',
    async buildEnd() {
      chunks.clear();
      const context = this as unknown as Context;
      const ids = [...context.getModuleIds()];
      const taken = await closure(
        context,
        ids.filter((id) => this.getModuleInfo(id)?.isEntry ?? false),
      );
      for (const id of taken) chunks.set(id, 'web');
      const first = Object.keys(groups)[0];
      for (const [name, group] of Object.entries(groups)) {
        const roots = group.roots.map((file) => {
          const id = path.resolve(import.meta.dirname, file);
          if (!context.getModuleInfo(id)) throw new Error(`start-chunks: ${file} is not part of the build`);
          return id;
        });
        for (const id of await closure(context, roots)) {
          if (taken.has(id)) continue;
          chunks.set(id, !group.only || group.only.test(id) ? name : (first ?? name));
          taken.add(id);
        }
      }
    },
  };
  plugin.generateBundle = function (_options, bundle) {
    const list = Object.entries(groups).map(([name, group]) => {
      const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.name === name);
      if (chunk?.type !== 'chunk') throw new Error(`start-chunks: the build has no chunk ${name}`);
      const css = [...(chunk.viteMetadata?.importedCss ?? [])];
      return { ...group.pages, files: [chunk.fileName, ...css].map((file) => `/${file}`) };
    });
    this.emitFile({ type: 'asset', fileName: START_CHUNKS_FILE, source: JSON.stringify(list) });
  };
  return { plugin, chunkOf: (id) => chunks.get(id) ?? null };
}
