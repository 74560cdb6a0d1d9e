import crypto from 'node:crypto';

/**
 * The entity tag of a runtime's configuration: a digest of the whole answer (its settings, its secrets, its
 * version), so any change of what the runtime is served changes it, and an unchanged configuration answers 304.
 */
export function configEtag(attributes: Record<string, unknown>): string {
  const digest = crypto.createHash('sha256').update(JSON.stringify(attributes)).digest('base64url').slice(0, 27);
  return `"${String(attributes.config_version)}-${digest}"`;
}

/** Whether an If-None-Match header names the tag (a list of tags, `*`, or weak tags as RFC 9110 compares them). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
