import type { Kysely } from 'kysely';
import { callContracts } from '@phonebot/shared/calls';
import type { Database } from '../../db/schema';
import { type ApiRouter, customerOf } from '../../lib/router';
import type { SmsProvider } from '../../lib/sms';
import { assignCalls, snoozeCalls } from './callbacks.service';
import { callDetail } from './call-detail.service';
import {
  deleteCall,
  markNotified,
  setCategory,
  setFields,
  setPriority,
  setStatus,
  setStatuses,
  updateCall,
} from './calls.service';
import { createCall } from './new-calls.service';
import { addNote, callNotes } from './notes.service';
import { deleteOldCalls } from './retention.service';
import { callSms, sendSms } from './sms.service';
import type { SmsLimits } from './sms-guard';

export type CallsDeps = {
  db: Kysely<Database>;
  sms: SmsProvider;
  smsLimits: SmsLimits;
  retentionDays: number | undefined;
};

/** Changes to calls, their notes and SMS, and the retention run. The lists are in calls-lists.routes.ts. */
export function registerCallRoutes(router: ApiRouter, deps: CallsDeps): void {
  const { db } = deps;
  const c = callContracts;

  router.handle(c.getCall, async ({ principal, params }) => ({
    data: await callDetail(db, customerOf(principal), params.id),
  }));

  router.handle(c.createCall, async ({ principal, body }) => ({
    data: await createCall(db, customerOf(principal), body.data.attributes),
  }));

  router.handle(c.updateCall, async ({ principal, params, body }) => ({
    data: await updateCall(db, principal, customerOf(principal), params.id, body.data.attributes),
  }));

  router.handle(c.deleteCall, async ({ principal, params }) => {
    await deleteCall(db, customerOf(principal), params.id);
    return undefined;
  });

  router.handle(c.updateCallStatus, async ({ principal, params, body }) => {
    await setStatus(db, customerOf(principal), params.id, body.status);
    return { meta: { status: body.status } };
  });

  router.handle(c.completeCall, async ({ principal, params }) => {
    await setStatus(db, customerOf(principal), params.id, 'Completed');
    return { meta: { status: 'Completed' as const } };
  });

  router.handle(c.updateCallStatuses, async ({ principal, body }) => ({
    meta: { updated: await setStatuses(db, customerOf(principal), body) },
  }));

  router.handle(c.assignCalls, async ({ principal, body }) => ({
    meta: {
      updated: await assignCalls(
        db,
        principal,
        customerOf(principal),
        body.calls.map((call) => call.id),
        body.assignee_id,
      ),
    },
  }));

  router.handle(c.snoozeCalls, async ({ principal, body }) => ({
    meta: {
      updated: await snoozeCalls(
        db,
        customerOf(principal),
        body.calls.map((call) => call.id),
        body.snoozed_until,
      ),
    },
  }));

  router.handle(c.updateCallFields, async ({ principal, body }) => ({
    meta: { updated: await setFields(db, customerOf(principal), body) },
  }));

  router.handle(c.markCallsNotified, async ({ principal, body }) => ({
    meta: {
      updated: await markNotified(
        db,
        customerOf(principal),
        body.calls.map((call) => call.id),
      ),
    },
  }));

  router.handle(c.updateCallCategory, async ({ principal, params, body }) => {
    await setCategory(db, customerOf(principal), params.id, body.selected_category);
    return { meta: { status: 'updated' as const } };
  });

  router.handle(c.updateCallPriority, async ({ principal, params, body }) => {
    await setPriority(db, customerOf(principal), params.id, body.priority);
    return { meta: { status: 'updated' as const } };
  });

  router.handle(c.listCallNotes, async ({ principal, params }) => ({
    data: await callNotes(db, customerOf(principal), params.id),
  }));
  router.handle(c.listNotesCompat, async ({ principal, params }) => ({
    data: await callNotes(db, customerOf(principal), params.callId),
  }));

  router.handle(c.createCallNote, async ({ principal, params, body }) => ({
    data: await addNote(db, customerOf(principal), principal.userId, params.id, body.data.attributes.text),
  }));
  router.handle(c.addNoteCompat, async ({ principal, params, body }) => ({
    data: await addNote(db, customerOf(principal), principal.userId, params.callId, body.text),
  }));

  router.handle(c.listCallSms, async ({ principal, params }) => ({
    data: await callSms(db, customerOf(principal), params.id),
  }));
  router.handle(c.sendCallSms, async ({ principal, params, body }) => ({
    data: await sendSms(deps, customerOf(principal), principal.userId, {
      ...body.data.attributes,
      call_id: params.id,
    }),
  }));
  router.handle(c.sendSmsCompat, async ({ principal, body }) => ({
    data: await sendSms(deps, customerOf(principal), principal.userId, body),
  }));

  router.handle(c.deleteOldCalls, async () => {
    const days = deps.retentionDays ?? 30;
    return { meta: { deleted: await deleteOldCalls(db, days), days } };
  });
}
