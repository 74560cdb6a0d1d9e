import crypto from 'node:crypto';
import pg from 'pg';

export const TEST_ENGINE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite';
export const POSTGRES_ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A fresh PostgreSQL database for one test app, dropped again by the returned function: empty, or a copy of
 * `template` (a database nobody is connected to).
 */
export async function createPostgresDatabase(
  options: { template?: string | undefined } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `pbp_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${options.template ? ` template ${options.template}` : ''}`);
    // A test database need not survive a crash of the machine: its commits do not wait for the disk (on a busy
    // disk, a flush per commit made the API tests on PostgreSQL wait several times longer than they computed).
    await admin.query(`alter database ${name} set synchronous_commit = off`);
  } finally {
    await admin.end();
  }
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
