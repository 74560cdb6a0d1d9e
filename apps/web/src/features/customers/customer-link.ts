import { z } from 'zod';

/** What the EditCustomer route parameter carries (docs/product.md §4): the owner's user id and the customer's e-mail. */
export type CustomerLink = { userId: number; email: string };

const linkSchema = z.object({
  userId: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^\d{1,15}$/)
        .transform(Number),
    ])
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)),
  email: z.string().catch(''),
});

// btoa accepts only Latin-1, so the JSON goes through UTF-8 first; for ASCII this is exactly btoa(JSON.stringify()).
function toBase64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

function fromBase64(value: string): string {
  // The router decodes the segment; a link whose encoding was doubled on the way still arrives as %2B or %2F.
  const plain = value.includes('%') ? decodeURIComponent(value) : value;
  const binary = atob(plain.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The path of the EditCustomer screen; base64 may hold '/' and '+', so the segment is URL-encoded. */
export function editCustomerPath(link: CustomerLink): string {
  return `/editcustomer/${encodeURIComponent(toBase64(JSON.stringify(link)))}`;
}

/** The route parameter read back; anything that is not base64 of such an object (a hand-edited link) gives null. */
export function decodeCustomerId(param: string | undefined): CustomerLink | null {
  if (!param) return null;
  try {
    const parsed = linkSchema.safeParse(JSON.parse(fromBase64(param)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
