// Global set-up of the api-postgres project: one database migrated to the latest schema for the whole run, which
// each test app's database is copied from (`create database ... template`) instead of running every migration again
// (about 0.6 s of PostgreSQL's work per test app). Empty databases (the first start, the migrations' own tests) are
// still made empty. Dropped when the run ends.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createDb } from '../src/db/client';
import { createPostgresDatabase } from './db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The name of the migrated database the test apps' databases are copied from. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await createPostgresDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-template-'));
  const db = createDb({ dataDir, databaseUrl: template.url });
  try {
    await db.migrate();
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  project.provide('postgresTemplate', template.name);
  return () => template.drop();
}
