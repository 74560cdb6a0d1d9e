import { isMessageKey, type MessageKey } from '@phonebot/shared';
import { isApiError } from './api-client';

/**
 * A text to show for an error: a shared message key (translated where it is shown) or, when the server's error
 * names no known message, its own detail text.
 */
export type ErrorText = MessageKey | (string & {});

function textOf(error: { code?: string; detail?: string; title?: string }): ErrorText | undefined {
  if (isMessageKey(error.code)) return error.code;
  return error.detail || error.title || undefined;
}

/** The message of the first error of an API failure, else `fallback`. */
export function errorText(error: unknown, fallback: MessageKey = 'somethingWrong'): ErrorText {
  if (!isApiError(error)) return fallback;
  for (const item of error.errors) {
    const text = textOf(item);
    if (text !== undefined) return text;
  }
  return fallback;
}

/**
 * The first message per field of an API failure (docs/product.md §7). A pointer's last segment names the field, so `/email`
 * and `/data/attributes/email` both land on `email`; `rename` maps wire names onto the form's field names.
 */
export function fieldErrors(error: unknown, rename: Record<string, string> = {}): Record<string, ErrorText> {
  const result: Record<string, ErrorText> = {};
  if (!isApiError(error)) return result;
  for (const item of error.errors) {
    const pointer = item.source?.pointer;
    if (!pointer) continue;
    const wireName = pointer.split('/').filter(Boolean).pop();
    if (wireName === undefined || wireName === 'data' || wireName === 'attributes') continue;
    const field = rename[wireName] ?? wireName;
    const text = textOf(item);
    if (text !== undefined && !(field in result)) result[field] = text;
  }
  return result;
}
