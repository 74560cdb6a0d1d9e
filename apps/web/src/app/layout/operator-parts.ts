import type { PublicOperator } from '../../lib/public-config';

/** One part of the operator's footer line: a text, linked where it is a phone number, an address or a page. */
export type OperatorPart = {
  key: string;
  text: string;
  href?: string;
  /** Legal pages open in a new tab. */
  external?: boolean;
};

/**
 * The parts as the footer lays them out: who the operator is (name, address, phone, e-mail) and its legal pages.
 * On a phone the identity parts stand one below the other and the pages share a line, so no separator starts or
 * ends a wrapped line.
 */
export function operatorGroups(parts: OperatorPart[]): { identity: OperatorPart[]; pages: OperatorPart[] } {
  return {
    identity: parts.filter((part) => !part.external),
    pages: parts.filter((part) => part.external),
  };
}

/**
 * The footer's parts in order: name, address, phone, e-mail and the legal pages. A part that is not set is left
 * out; `label` names the legal pages in the user's language.
 */
export function operatorParts(
  operator: PublicOperator,
  label: (page: 'imprint' | 'privacy' | 'terms') => string,
): OperatorPart[] {
  const parts: OperatorPart[] = [];
  if (operator.name) parts.push({ key: 'name', text: `© ${new Date().getFullYear()} ${operator.name}` });
  if (operator.address) parts.push({ key: 'address', text: operator.address.replace(/\s*\n\s*/g, ', ') });
  if (operator.phone)
    parts.push({ key: 'phone', text: operator.phone, href: `tel:${operator.phone.replace(/[^\d+]/g, '')}` });
  if (operator.email) parts.push({ key: 'email', text: operator.email, href: `mailto:${operator.email}` });
  const pages = [
    ['imprint', operator.imprint_url],
    ['privacy', operator.privacy_url],
    ['terms', operator.terms_url],
  ] as const;
  for (const [key, href] of pages) {
    if (href) parts.push({ key, text: label(key), href, external: true });
  }
  return parts;
}
