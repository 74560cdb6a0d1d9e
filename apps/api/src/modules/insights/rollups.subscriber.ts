import type { CallFacts, Change, ChangeSubscriber } from '../../lib/changes';
import { countChange, countDeleted, countNewCalls, forgetCaller, newCallCounts } from './rollups';

/** The columns of `rows`, each bound as one array parameter. */
function columns<Row>(rows: readonly Row[], keys: readonly (keyof Row)[], bind: (value: unknown) => string): string[] {
  return keys.map((key) => bind(rows.map((row) => row[key])));
}

/**
 * Keeps the Insights counts with the calls: new calls are counted (the calls of a batch together, each count row
 * once), a change of status, priority or category moves its calls between values, a call deleted by hand leaves the
 * counts, and an erased number leaves the repeat-caller counts. Calls that expire or go with their phonebot stay
 * counted.
 */
export const rollupsSubscriber: ChangeSubscriber = {
  name: 'insights counts',
  async take(trx, changes: readonly Change[]) {
    // New calls next to each other in one publish are counted together (a batch of several companies).
    let created: CallFacts[] = [];
    const countCreated = async () => {
      if (created.length > 0) await countNewCalls(trx, created);
      created = [];
    };
    for (const change of changes) {
      if (change.kind === 'created') {
        created.push(...change.calls.map((call) => call.facts));
        continue;
      }
      await countCreated();
      if (change.kind === 'updated') {
        for (const move of change.moves ?? []) await countChange(trx, move.before, move.set, move.at);
      } else if (change.kind === 'deleted') {
        if (change.uncount) await countDeleted(trx, change.uncount);
      } else if (change.kind === 'erased') {
        await forgetCaller(trx, change.customerId, change.callerNumber);
      }
    }
    await countCreated();
  },
  createdInOneStatement(batch, bind) {
    const facts = batch.flatMap((change) => change.calls.map((call) => call.facts));
    // A call that arrived Completed is completed as it arrives: its completion rows take statements of their own.
    if (facts.some((call) => call.status === 'Completed')) return undefined;
    const counts = newCallCounts(facts);
    const [customers, dims, hours, phonebots, values, calls] = columns(
      counts.rollups,
      ['customer_id', 'dim', 'hour', 'phonebot_id', 'value', 'calls'],
      bind,
    );
    const hourly = columns(counts.callerHours, ['customer_id', 'hour', 'phonebot_id', 'caller_number', 'calls'], bind);
    const totals = columns(counts.callers, ['customer_id', 'caller_number', 'calls'], bind);
    return {
      with: [
        `rollups as (
  insert into call_rollups as r (customer_id, dim, hour, phonebot_id, value, calls)
  select * from unnest(${customers}::int[], ${dims}::text[], ${hours}::text[], ${phonebots}::int[], ${values}::text[], ${calls}::int[])
  on conflict (customer_id, dim, hour, phonebot_id, value) do update set calls = r.calls + excluded.calls
  returning 1
)`,
        `caller_hours as (
  insert into call_caller_hours as h (customer_id, hour, phonebot_id, caller_number, calls)
  select * from unnest(${hourly[0]}::int[], ${hourly[1]}::text[], ${hourly[2]}::int[], ${hourly[3]}::text[], ${hourly[4]}::int[])
  on conflict (customer_id, hour, phonebot_id, caller_number) do update set calls = h.calls + excluded.calls
  returning 1
)`,
        `callers as (
  insert into call_callers as c (customer_id, caller_number, calls)
  select * from unnest(${totals[0]}::int[], ${totals[1]}::text[], ${totals[2]}::int[])
  on conflict (customer_id, caller_number) do update set calls = c.calls + excluded.calls
  returning 1
)`,
      ],
      columns: [
        '(select count(*) from rollups) as rollups',
        '(select count(*) from caller_hours) as caller_hours',
        '(select count(*) from callers) as callers',
      ],
    };
  },
};
