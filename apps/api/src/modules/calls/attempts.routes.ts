import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { attemptContracts } from '@phonebot/shared/calls';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError } from '../../lib/errors';
import { type ApiRouter, customerOf } from '../../lib/router';
import { signedTwilioForm } from '../../lib/twilio-webhook';
import { EMPTY_TWIML } from '../../lib/twilio-voice';
import { recordAttempt } from './attempts.service';
import { applyDialStatus, dialAttemptTwiml, dialCall } from './dial.service';
import { receiveSmsReply } from './sms-inbound.service';

export type AttemptsDeps = {
  db: Kysely<Database>;
  twilio: Config['twilio'];
  /** The server's public address, which Twilio's signatures cover with the path. */
  publicUrl: string;
};

/** Callback attempts and click-to-call (signed-in users), and Twilio's webhooks of calls and SMS replies. */
export function registerAttemptRoutes(app: FastifyInstance, router: ApiRouter, prefix: string, deps: AttemptsDeps) {
  const { db } = deps;
  const c = attemptContracts;

  router.handle(c.createCallAttempt, async ({ principal, params, body }) => ({
    data: await recordAttempt(db, principal, customerOf(principal), params.id, body.data.attributes),
  }));
  router.handle(c.dialCall, async ({ principal, params }) => ({
    data: await dialCall(deps, principal, customerOf(principal), params.id),
  }));

  for (const contract of [c.dialTwiml, c.dialStatusCallback, c.smsInbound]) router.describe(contract);
  const signing = { authToken: deps.twilio.authToken, publicUrl: deps.publicUrl };
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(prefix + c.dialTwiml.path, async (req, reply) => {
      const { form } = signedTwilioForm(req, signing, c.dialTwiml.body);
      const twiml = await dialAttemptTwiml(db, deps.twilio, attemptParam(req), form.get('CallSid') ?? undefined);
      return xml(reply, twiml ?? EMPTY_TWIML);
    });

    scope.post(prefix + c.dialStatusCallback.path, async (req, reply) => {
      const { body } = signedTwilioForm(req, signing, c.dialStatusCallback.body);
      const kept = await applyDialStatus(db, attemptParam(req), {
        callSid: body.CallSid,
        callStatus: body.CallStatus,
        callDuration: body.CallDuration,
      });
      req.log.info({ kept, status: body.CallStatus }, 'Call status callback');
      return reply.code(204).send();
    });

    scope.post(prefix + c.smsInbound.path, async (req, reply) => {
      const { body } = signedTwilioForm(req, signing, c.smsInbound.body);
      const outcome = await receiveSmsReply(db, {
        from: body.From,
        to: body.To,
        body: body.Body,
        messageSid: body.MessageSid,
      });
      req.log.info({ outcome }, 'SMS reply');
      return xml(reply, EMPTY_TWIML);
    });
  });
}

/** The attempt a click-to-call webhook names in its path (404 when it is no id). */
function attemptParam(req: FastifyRequest): number {
  const parsed = attemptContracts.dialTwiml.params.safeParse(req.params);
  if (!parsed.success) throw ApiError.of(404, 'notFound');
  return parsed.data.attempt;
}

function xml(reply: FastifyReply, body: string) {
  return reply.code(200).header('content-type', 'text/xml; charset=utf-8').send(body);
}
