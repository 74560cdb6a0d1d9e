import type { Kysely } from 'kysely';
import { EVENT_TICKET_TTL_S } from '@phonebot/shared/events';
import type { Database } from '../../db/schema';
import { isoIn, nowIso } from '../../db/time';
import { randomToken, tokenHash } from '../../lib/crypto';
import type { RequestPrincipal } from '../../lib/principal';
import { principalFromTokenId } from '../sessions';

const TICKET = /^pbe_[A-Za-z0-9_-]{43}$/;

/** A ticket for the session `tokenId`, stored only as its SHA-256; it ends with the session. */
export async function issueEventTicket(db: Kysely<Database>, tokenId: number): Promise<string> {
  const ticket = `pbe_${randomToken()}`;
  await db
    .insertInto('event_tickets')
    .values({ ticket_hash: tokenHash(ticket), access_token_id: tokenId, expires_at: isoIn(EVENT_TICKET_TTL_S * 1000) })
    .execute();
  return ticket;
}

/**
 * Uses a ticket up: one statement deletes it if it is unexpired, so of two requests with the same ticket only one
 * gets a principal. The session behind it is checked as a Bearer token would be.
 */
export async function redeemEventTicket(db: Kysely<Database>, ticket: string): Promise<RequestPrincipal | null> {
  if (!TICKET.test(ticket)) return null;
  const row = await db
    .deleteFrom('event_tickets')
    .where('ticket_hash', '=', tokenHash(ticket))
    .where('expires_at', '>', nowIso())
    .returning('access_token_id')
    .executeTakeFirst();
  return row ? principalFromTokenId(db, row.access_token_id) : null;
}
