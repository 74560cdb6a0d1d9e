import type { ErrorText } from '../../lib/api-errors';

type Issue = { path: readonly PropertyKey[]; message: string };

/**
 * The first message per top-level field of a schema's issues, as the Mantine forms show them (the resolver's
 * "first" priority): an empty e-mail says "required", not also "invalid".
 */
export function firstIssuePerField<Field extends string>(issues: readonly Issue[]): Partial<Record<Field, ErrorText>> {
  const result: Partial<Record<Field, ErrorText>> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in result) continue;
    result[field as Field] = issue.message;
  }
  return result;
}
