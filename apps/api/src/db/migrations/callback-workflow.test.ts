import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import { describe, expect, it } from 'vitest';
import { TEST_ENGINE, createPostgresDatabase } from '../../../test/db';
import { createDb } from '../client';
import { migrations } from './index';

describe('the callback workflow migration', () => {
  it('gives stored calls their default deadline and completed calls their completion time', async () => {
    const pg = TEST_ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pbp-migration-'));
    const db = createDb({ databaseUrl: pg?.url, dataDir });
    try {
      const migrator = new Migrator({
        db: db.db,
        provider: { getMigrations: async () => migrations },
      });
      // The migration just before the callback workflow.
      expect((await migrator.migrateTo('20261124114554-session-details')).error).toBeUndefined();
      const now = '2026-11-24T10:00:00.000Z';
      const customer = await db.db
        .insertInto('customers')
        .values({ company_name: 'Old', status: 'Active', created_at: now, updated_at: now } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      const phonebot = await db.db
        .insertInto('phonebots')
        .values({
          customer_id: customer.id,
          bezeichnung: 'Bot',
          license_key: 'k',
          created_at: now,
          updated_at: now,
        } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const [priority, status] of [
        ['Transferred', 'New'],
        ['Normal Callback', 'Completed'],
      ]) {
        await db.db
          .insertInto('calls')
          .values({
            customer_id: customer.id,
            phonebot_id: phonebot.id,
            caller_number: '+4930111',
            response: '[]',
            preview: '',
            selected_category: null,
            priority: priority!,
            status: status!,
            started_at: null,
            duration_s: null,
            created_at: now,
            updated_at: '2026-11-24T12:00:00.000Z',
          } as never)
          .execute();
      }
      expect((await migrator.migrateToLatest()).error).toBeUndefined();
      const rows = await db.db
        .selectFrom('calls')
        .select(['priority', 'callback_due_at', 'completed_at', 'assignee_id', 'snoozed_until'])
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        {
          priority: 'Transferred',
          callback_due_at: '2026-11-24T10:30:00.000Z',
          completed_at: null,
          assignee_id: null,
          snoozed_until: null,
        },
        {
          priority: 'Normal Callback',
          callback_due_at: '2026-11-25T10:00:00.000Z',
          completed_at: '2026-11-24T12:00:00.000Z',
          assignee_id: null,
          snoozed_until: null,
        },
      ]);
      const company = await db.db.selectFrom('customers').select('callback_sla_minutes').executeTakeFirstOrThrow();
      expect(JSON.parse(company.callback_sla_minutes)).toMatchObject({ Transferred: 30, 'Normal Callback': 1440 });
    } finally {
      await db.close();
      await pg?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
