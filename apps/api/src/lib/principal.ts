import type { Role } from '@phonebot/shared';
import type { ApiKeyScope } from '@phonebot/shared/api-keys';
import type { Actor } from './audit';

/**
 * Who a service acts for: a user of a company (signed in, or through an API key), or the super administrator
 * (no company). Services take this (or an `Actor`, lib/audit.ts), never the request principal below, which adds what
 * only the HTTP edge needs and is assignable to it.
 */
export type Principal = {
  userId: number;
  role: Role;
  customerId: number | null;
};

/**
 * The signed-in user a request acts for, as the sessions and API key checks answer it and the router hands it to a
 * route: the principal with its session's token and, when an API key signed the request in, the key (which may use
 * only operations within its scopes).
 */
export type RequestPrincipal = Principal & {
  tokenId: number;
  apiKey?: { id: number; scopes: readonly ApiKeyScope[] };
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

export type StepUpOptions = {
  /** The service has checked the current password itself (My profile's e-mail change, Change Password). */
  passwordChecked?: boolean;
  /** The service itself checks the password and a code before it changes anything (turning 2FA off). */
  checksBoth?: boolean;
  /** The request's `code` is not a proof of the user (the first code of a new authenticator app). */
  ignoreCode?: boolean;
};

/**
 * The one check of every sensitive action (docs/security.md, "Step-up"; modules/step-up builds it): the services
 * that take one get it with their deps and call it before the change, whichever route reached them.
 */
export type StepUp = (actor: Actor, options?: StepUpOptions) => Promise<void>;
