import type { Kysely } from 'kysely';
import { messageText } from '@phonebot/shared';
import { guestContracts } from '@phonebot/shared/customers';
import type { Database } from '../../db/schema';
import { actorOf } from '../../lib/audit';
import { generatePassword } from '../../lib/crypto';
import type { FileStore } from '../../lib/file-store';
import type { ApiRouter } from '../../lib/router';
import type { SecretBox } from '../../lib/secrets';
import { ALL_PHONEBOTS, listPhonebots, phonebotResource } from '../phonebots';
import { addGuest, deleteGuest, getGuest, guestResource, listGuests, setGuestPassword } from './guests.service';

export function registerGuestRoutes(
  router: ApiRouter,
  deps: { db: Kysely<Database>; secrets: SecretBox; files: FileStore },
): void {
  const { db, secrets } = deps;
  const c = guestContracts;

  router.handle(c.guestAdministration, async () => {
    const [guests, phonebots] = await Promise.all([listGuests(db), listPhonebots(db, 'all', ALL_PHONEBOTS)]);
    return {
      data: [...guests.map(guestResource), ...phonebots.rows.map((row) => phonebotResource(secrets, row, 'vbots'))],
      meta: { guests: guests.length, phonebots: phonebots.rows.length },
    };
  });

  router.handle(c.getGuest, async ({ params }) => ({ data: guestResource(await getGuest(db, params.id)) }));

  router.handle(c.addGuest, async ({ body, principal, req }) => {
    const { guest, password } = await addGuest(db, actorOf(principal, req), body);
    return { data: guestResource(guest), ...(password ? { meta: { password } } : {}) };
  });

  router.handle(c.createGuestPassword, async () => ({ meta: { password: generatePassword(20) } }));

  router.handle(c.updateGuestPassword, async ({ params, body, principal, req }) => {
    await setGuestPassword(db, actorOf(principal, req), params.id, body.password);
    return { meta: { message: messageText('passwordUpdated') } };
  });

  router.handle(c.deleteGuest, async ({ params, principal, req }) => {
    await deleteGuest(deps, actorOf(principal, req), params.id);
    return undefined;
  });
}
