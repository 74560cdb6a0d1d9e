import type { Migration } from 'kysely';
import * as accounts from './2026-11-21-0001-accounts';
import * as phonebotsAndCalls from './2026-11-21-0002-phonebots-and-calls';
import * as callFollowUp from './2026-11-21-0003-call-follow-up';
import * as billing from './2026-11-21-0004-billing';
import * as settings from './2026-11-24-0201-settings';
import * as tokenRevocation from './2026-11-24-0202-token-revocation';

/** Every migration, by its dated name. Listed explicitly so that nothing depends on reading a folder at run time. */
export const migrations: Record<string, Migration> = {
  '2026-11-21-0001-accounts': accounts,
  '2026-11-21-0002-phonebots-and-calls': phonebotsAndCalls,
  '2026-11-21-0003-call-follow-up': callFollowUp,
  '2026-11-21-0004-billing': billing,
  '2026-11-24-0201-settings': settings,
  '2026-11-24-0202-token-revocation': tokenRevocation,
};
