import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app';
import { wavFile } from '../../../test/audio';
import { paidPhonebot } from '../../../test/fixtures';
import { publishChanges } from '../../lib/changes';
import { deleteOldCalls } from '../calls';
import { postCall, recordingsApp, upload } from '../../../test/recordings';

/**
 * A call's audio goes with the call on both stores: deleted by hand, with its caller's erasure, by retention, with
 * its phonebot, and (by the sweep) with its company; nothing is deleted for a change that rolled back, and the sweep
 * leaves no object that no call names.
 */
describe.each(['file', 's3'] as const)('recordings go with their calls (%s store)', (store) => {
  let ctx: Awaited<ReturnType<typeof recordingsApp>>;
  let app: TestApp;

  beforeAll(async () => {
    ctx = await recordingsApp(store);
    app = ctx.app;
  });
  afterAll(async () => ctx?.stop());

  async function recorded(bot: { botToken: string }, number = `+49301${Math.floor(Math.random() * 1e6)}`) {
    const id = await postCall(app, bot.botToken, number);
    expect((await upload(app, bot.botToken, id, wavFile(0.5))).status).toBe(200);
    const [key] = (await ctx.keys()).filter((k) => k.includes(`/${id}-`));
    expect(key).toBeDefined();
    return { id, key: key!, number };
  }

  const settled = async () => {
    await app.recordings.deleter.idle();
    return ctx.keys();
  };

  it('deletes the audio of a call deleted by hand, after the commit', async () => {
    const bot = await paidPhonebot(app, 'Deleted');
    const call = await recorded(bot);
    const kept = await recorded(bot);
    const res = await app.request({ method: 'DELETE', url: `/api/v2/calls/${call.id}`, token: bot.admin.token });
    expect(res.status).toBe(204);
    const keys = await settled();
    expect(keys).not.toContain(call.key);
    expect(keys).toContain(kept.key);
    const rows = await app.db.db.selectFrom('call_recordings').select('call_id').execute();
    expect(rows.map((row) => String(row.call_id))).not.toContain(call.id);
  });

  it('deletes nothing for a change that rolled back', async () => {
    const bot = await paidPhonebot(app, 'Rolled back');
    const call = await recorded(bot);
    await expect(
      app.db.db.transaction().execute(async (trx) => {
        await publishChanges(trx, [{ kind: 'deleted', customerId: bot.admin.customerId!, callIds: [Number(call.id)] }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await settled()).toContain(call.key);
    expect(await app.db.db.selectFrom('recording_deletions').selectAll().execute()).toEqual([]);
    const played = await app.app.inject({
      method: 'GET',
      url: `/api/v2/calls/${call.id}/recording`,
      headers: { authorization: `Bearer ${bot.admin.token}` },
    });
    expect(played.statusCode).toBe(200);
  });

  it('deletes the audio of an erased caller’s calls', async () => {
    const bot = await paidPhonebot(app, 'Erased');
    const first = await recorded(bot, '+4930123450');
    const second = await recorded(bot, '+4930123450');
    const other = await recorded(bot, '+4930123451');
    const res = await app.request({
      method: 'DELETE',
      url: `/api/v2/callers/${encodeURIComponent(first.number)}`,
      token: bot.admin.token,
    });
    expect(res.status).toBe(200);
    const keys = await settled();
    expect(keys).not.toContain(first.key);
    expect(keys).not.toContain(second.key);
    expect(keys).toContain(other.key);
  });

  it('deletes the audio of calls past retention', async () => {
    const bot = await paidPhonebot(app, 'Retained');
    const old = await recorded(bot);
    const fresh = await recorded(bot);
    await app.db.db
      .updateTable('calls')
      .set({ created_at: new Date(Date.now() - 40 * 86_400_000).toISOString() })
      .where('id', '=', Number(old.id))
      .execute();
    expect(await deleteOldCalls(app.db.db, 30)).toBeGreaterThanOrEqual(1);
    const keys = await settled();
    expect(keys).not.toContain(old.key);
    expect(keys).toContain(fresh.key);
  });

  it('deletes the audio of a deleted phonebot’s calls, open or completed', async () => {
    const bot = await paidPhonebot(app, 'Gone');
    const open = await recorded(bot);
    const done = await recorded(bot);
    await app.request({
      method: 'PATCH',
      url: `/api/v2/updateCallStatusCompleted/${done.id}`,
      token: bot.admin.token,
    });
    const res = await app.request({ method: 'DELETE', url: `/api/v2/vbot/${bot.licenseKey}`, token: bot.admin.token });
    expect(res.status).toBe(204);
    const keys = await settled();
    expect(keys).not.toContain(open.key);
    expect(keys).not.toContain(done.key);
  });

  it('sweeps what no call names: a deleted company’s audio and objects without a row', async () => {
    const bot = await paidPhonebot(app, 'Company gone');
    const call = await recorded(bot);
    const survivor = await recorded(await paidPhonebot(app, 'Survivor'));
    const sup = await app.signIn('super');
    const res = await app.request({
      method: 'DELETE',
      url: `/api/v2/customers/${bot.admin.userId}`, // a customer is named by its owner's id
      token: sup.token,
    });
    expect(res.status).toBe(204);
    // An object stored by an upload whose row was never written (its process died in between).
    await app.recordings.store.put('recordings/999/1-stray.wav', wavFile(0.1), 'audio/wav');
    // Young objects may be uploads in progress: the sweep leaves them for a later run.
    expect(await app.recordings.sweep()).toEqual({ rows: 1, objects: 0 });
    // The company's object goes with the deletion the sweep queued; then only the stray one is left for the next.
    await app.recordings.deleter.idle();
    const { sweepRecordings } = await import('./recording-sweep');
    expect(await sweepRecordings(app.db.db, app.recordings.store, { graceMs: -1000 })).toEqual({ rows: 0, objects: 1 });
    const keys = await settled();
    expect(keys).not.toContain(call.key);
    expect(keys).not.toContain('recordings/999/1-stray.wav');
    expect(keys).toContain(survivor.key);

    // Whatever this file did, every object left is named by a call's row, and every row by a call.
    const rows = await app.db.db
      .selectFrom('call_recordings as r')
      .leftJoin('calls as c', 'c.id', 'r.call_id')
      .select(['r.storage_key', 'c.id'])
      .execute();
    expect(rows.every((row) => row.id !== null)).toBe(true);
    expect(keys).toEqual(rows.map((row) => row.storage_key).sort());
  });
});
