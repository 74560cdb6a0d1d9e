import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { attemptContracts } from '@phonebot/shared/calls';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';
import { ApiError, validationError } from '../../lib/errors';
import { type ApiRouter, customerOf } from '../../lib/router';
import { validTwilioRequest } from '../../lib/twilio-signature';
import { EMPTY_TWIML } from '../../lib/twilio-voice';
import { recordAttempt } from './attempts.service';
import { applyDialStatus, dialAttemptTwiml, dialCall } from './dial.service';
import { type NotifyReply, receiveSmsReply } from './sms-inbound.service';

const FORM_TYPE = 'application/x-www-form-urlencoded';

export type AttemptsDeps = {
  db: Kysely<Database>;
  twilio: Config['twilio'];
  /** The server's public address, which Twilio's signatures cover with the path. */
  publicUrl: string;
  /** Tells a call's owner of its caller's SMS reply (the notifications), where there is a way to. */
  notifyReply?: NotifyReply;
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
  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(prefix + c.dialTwiml.path, async (req, reply) => {
      const { params, form } = signedForm(req, deps, c.dialTwiml);
      const twiml = await dialAttemptTwiml(db, deps.twilio, params.attempt, form.get('CallSid') ?? undefined);
      return xml(reply, twiml ?? EMPTY_TWIML);
    });

    scope.post(prefix + c.dialStatusCallback.path, async (req, reply) => {
      const { params, body } = signedForm(req, deps, c.dialStatusCallback);
      const kept = await applyDialStatus(db, params.attempt, {
        callSid: body.CallSid,
        callStatus: body.CallStatus,
        callDuration: body.CallDuration,
      });
      req.log.info({ kept, status: body.CallStatus }, 'Call status callback');
      return reply.code(204).send();
    });

    scope.post(prefix + c.smsInbound.path, async (req, reply) => {
      const { body } = signedForm(req, deps, c.smsInbound);
      const outcome = await receiveSmsReply(
        db,
        { from: body.From, to: body.To, body: body.Body, messageSid: body.MessageSid },
        deps.notifyReply,
      );
      req.log.info({ outcome }, 'SMS reply');
      return xml(reply, EMPTY_TWIML);
    });
  });
}

type SignedContract = {
  params?: { parse: (value: unknown) => unknown };
  body: { safeParse: (value: unknown) => { success: true; data: unknown } | { success: false; error: unknown } };
};

/**
 * A Twilio webhook's form, refused unless it is form-encoded (415) and signed with the auth token over PUBLIC_URL,
 * the path and the parameters (403); then read with the contract's schemas.
 */
function signedForm<C extends SignedContract>(
  req: FastifyRequest,
  deps: AttemptsDeps,
  contract: C,
): {
  form: URLSearchParams;
  params: C['params'] extends { parse: (value: unknown) => infer P } ? P : undefined;
  body: C['body'] extends { safeParse: (value: unknown) => infer R }
    ? R extends { success: true; data: infer D }
      ? D
      : never
    : never;
} {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  if (type !== FORM_TYPE) {
    throw ApiError.of(415, 'unsupportedMediaType', { detail: `Send ${FORM_TYPE}, as Twilio does.` });
  }
  const form = new URLSearchParams(typeof req.body === 'string' ? req.body : '');
  const header = req.headers['x-twilio-signature'];
  const signature = typeof header === 'string' ? header : undefined;
  const token = deps.twilio.authToken;
  if (!token || !validTwilioRequest(token, signature, deps.publicUrl + req.url, form)) {
    req.log.warn(
      { reason: token ? (signature ? 'wrong signature' : 'no signature') : 'TWILIO_AUTH_TOKEN not set' },
      'Twilio webhook refused',
    );
    throw ApiError.of(403, 'forbidden', {
      detail: 'The request signature (X-Twilio-Signature) is missing or does not match.',
    });
  }
  let params: unknown;
  if (contract.params) {
    try {
      params = contract.params.parse(req.params);
    } catch {
      throw ApiError.of(404, 'notFound');
    }
  }
  const parsed = contract.body.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw validationError(parsed.error as Parameters<typeof validationError>[0]);
  return { form, params: params as never, body: parsed.data as never };
}

function xml(reply: FastifyReply, body: string) {
  return reply.code(200).header('content-type', 'text/xml; charset=utf-8').send(body);
}
