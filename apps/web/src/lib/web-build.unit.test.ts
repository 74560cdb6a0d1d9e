import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordWebBuild, webBuildIsCurrent, webSourcesHash } from '../../../../scripts/web-build.mjs';

/** A repository-shaped folder with a web source, a shared source and a finished build. */
function fakeRepository() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-web-build-'));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  write('apps/web/src/main.tsx', 'export const a = 1;');
  write('packages/shared/src/index.ts', 'export const b = 2;');
  write('apps/web/dist/index.html', '<!doctype html>');
  return { root, write };
}

describe('the web build check of npm start', () => {
  it('counts a build current only while its recorded sources are unchanged', () => {
    const { root, write } = fakeRepository();
    expect(webBuildIsCurrent(root)).toBe(false); // built, but not recorded
    recordWebBuild(webSourcesHash(root), root);
    expect(webBuildIsCurrent(root)).toBe(true);

    write('apps/web/src/main.tsx', 'export const a = 3;');
    expect(webBuildIsCurrent(root)).toBe(false);
    recordWebBuild(webSourcesHash(root), root);
    expect(webBuildIsCurrent(root)).toBe(true);

    // The shared package is part of the web app; a new file counts as much as a changed one.
    write('packages/shared/src/more.ts', 'export const c = 4;');
    expect(webBuildIsCurrent(root)).toBe(false);
    recordWebBuild(webSourcesHash(root), root);

    fs.rmSync(path.join(root, 'apps/web/dist'), { recursive: true });
    expect(webBuildIsCurrent(root)).toBe(false);
    fs.rmSync(root, { recursive: true });
  });
});
