import { CALL_LIMITS, CALL_PRIORITIES, type CallPriority, type ExtractedFields } from '@phonebot/shared/calls';
import type { SourceMapping } from '@phonebot/shared/phonebots';

/** What a phonebot's `source_mapping` makes of a call's extracted fields; undefined: the field says nothing. */
export type MappedFields = {
  /** A term of the phonebot, or null (Uncategorized) for a value that is none of them. */
  selected_category: string | null | undefined;
  priority: CallPriority | undefined;
  caller_name: string | undefined;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function valueOf(extracted: ExtractedFields, field: string): string | undefined {
  if (!field || !(field in extracted)) return undefined;
  const value = extracted[field];
  return value === null || value === undefined ? undefined : String(value).trim() || undefined;
}

/**
 * Fills the category, the priority and the caller's name from the fields the mapping names. A category is one of
 * the phonebot's terms in any case of letters, else Uncategorized; a priority is its value in the value map, or the
 * value itself when it is one of the four; a caller's name is cut to its limit.
 */
export function applyMapping(
  mapping: SourceMapping,
  extracted: ExtractedFields | undefined,
  categoryTerms: readonly string[],
): MappedFields {
  if (!extracted) return { selected_category: undefined, priority: undefined, caller_name: undefined };
  const category = valueOf(extracted, mapping.selected_category);
  const priorityValue = valueOf(extracted, mapping.priority);
  const name = valueOf(extracted, mapping.caller_name);
  return {
    selected_category:
      category === undefined ? undefined : (categoryTerms.find((term) => same(term, category)) ?? null),
    priority:
      priorityValue === undefined
        ? undefined
        : (mapping.priority_values.find((pair) => same(pair.value, priorityValue))?.priority ??
          CALL_PRIORITIES.find((priority) => same(priority, priorityValue))),
    caller_name: name?.replace(/\p{Cc}/gu, ' ').slice(0, CALL_LIMITS.callerName),
  };
}
