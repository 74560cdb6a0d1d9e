import type { Role } from '@phonebot/shared';

/**
 * Who a service acts for: a user of a company (signed in, or through an API key), or the super administrator
 * (no company). Services take this, never the router's request principal, which adds what only the HTTP edge needs
 * (the session's token, the API key's scopes) and is assignable to it.
 */
export type Principal = {
  userId: number;
  role: Role;
  customerId: number | null;
};

/** The phonebot a bot token belongs to: who the Bot API's services act for. */
export type BotPrincipal = {
  phonebotId: number;
  customerId: number;
  licenseKey: string;
  /** What each call needs, read with the token so that ingest does not read the phonebot again. */
  phonebotName: string;
  customerName: string;
  categoryTerms: string[];
};
