import { z } from 'zod';
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import type { MessageKey } from './messages';

/**
 * Schema messages are message keys (see messages.ts): the web app translates them, the API answers their English
 * text. A value of the wrong type (or a missing one) gets the field's "required" message, as the forms show it.
 */
export function requiredText(key: MessageKey, max = NAME_MAX_LENGTH) {
  return z
    .string({ error: () => key })
    .trim()
    .min(1, key)
    .max(max, 'valueTooLong' satisfies MessageKey);
}

export function optionalText(max = NAME_MAX_LENGTH) {
  return z
    .string({ error: () => 'invalidType' satisfies MessageKey })
    .trim()
    .max(max, 'valueTooLong' satisfies MessageKey);
}

/** E-mail addresses are compared and stored in lower case. */
export const emailSchema = z
  .string({ error: () => 'emailRequired' satisfies MessageKey })
  .trim()
  .min(1, 'emailRequired' satisfies MessageKey)
  .max(EMAIL_MAX_LENGTH, 'emailInvalid' satisfies MessageKey)
  .pipe(z.email({ error: () => 'emailInvalid' satisfies MessageKey }))
  .transform((value) => value.toLowerCase());

/** A new password: required, 8 to 200 characters, never trimmed. */
export function newPasswordSchema(requiredKey: MessageKey = 'passwordRequired') {
  return z
    .string({ error: () => requiredKey })
    .min(1, requiredKey)
    .min(PASSWORD_MIN_LENGTH, 'passwordMin' satisfies MessageKey)
    .max(PASSWORD_MAX_LENGTH, 'passwordTooLong' satisfies MessageKey);
}

/** A password being checked (login, current password): required, bounded, never trimmed. */
export function givenPasswordSchema(requiredKey: MessageKey = 'passwordRequired') {
  return z
    .string({ error: () => requiredKey })
    .min(1, requiredKey)
    .max(PASSWORD_MAX_LENGTH, 'passwordTooLong' satisfies MessageKey);
}

/**
 * An id as a path or body names it: a positive integer, or a string of decimal digits (no exponent, sign, hex or
 * spaces, so `1e3` and `0x10` name nothing).
 */
export function idSchema(errorKey: MessageKey = 'notFound') {
  return z
    .union([z.number().int().positive().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[1-9]\d{0,15}$/)], {
      error: () => errorKey,
    })
    .transform(Number)
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER, errorKey));
}

export const idParamSchema = z.object({ id: idSchema() });

/** The list query parameters of every list; the web app reads them from its URLs with parseListQuery. */
export type { ListQuery } from './list-query';

export type { JsonApiErrorDocument, JsonApiErrorObject } from './jsonapi';
