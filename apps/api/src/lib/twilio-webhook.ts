import type { FastifyRequest } from 'fastify';
import { ApiError, validationError } from './errors';
import { validTwilioRequest } from './twilio-signature';

const FORM_TYPE = 'application/x-www-form-urlencoded';

type FormSchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: unknown };
};

/**
 * A Twilio webhook's form: refused unless it is form-encoded (415) and signed with the auth token over PUBLIC_URL,
 * the path and the parameters (403, also when no auth token is set); then read with the contract's schema (422).
 * Its route reads the body as text in a scope of its own (the signature covers the form as sent).
 */
export function signedTwilioForm<T>(
  req: FastifyRequest,
  signing: { authToken: string | undefined; publicUrl: string },
  schema: FormSchema<T>,
): { form: URLSearchParams; body: T } {
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
  const token = signing.authToken;
  if (!token || !validTwilioRequest(token, signature, signing.publicUrl + req.url, form)) {
    req.log.warn(
      { reason: token ? (signature ? 'wrong signature' : 'no signature') : 'TWILIO_AUTH_TOKEN not set' },
      'Twilio webhook refused',
    );
    throw ApiError.of(403, 'forbidden', {
      detail: 'The request signature (X-Twilio-Signature) is missing or does not match.',
    });
  }
  const parsed = schema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw validationError(parsed.error as Parameters<typeof validationError>[0]);
  return { form, body: parsed.data };
}
