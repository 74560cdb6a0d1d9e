import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { customerUsersRoutes } from '@phonebot/shared/customer-users';
import type { FeatureTranslations } from '../../lib/i18n';
import { callApi } from '../../lib/api-client';

const customerUsersKey = (ownerId: number, search: string) => ['customers', ownerId, 'users', search] as const;

/** The users of a customer (by its owner's id), with whether two-factor sign-in is on; filtered by name or e-mail. */
export function useCustomerUsers(ownerId: number, search: string) {
  return useQuery({
    queryKey: customerUsersKey(ownerId, search),
    queryFn: ({ signal }) =>
      callApi(
        customerUsersRoutes.listCustomerUsers,
        { params: { id: ownerId }, query: { search: search || undefined, per_page: 50 } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });
}

const en = {
  customerUsers: {
    title: 'Users and two-factor sign-in',
    hint: 'A user who lost their authenticator app and recovery codes can be helped here: reset their second factor, they are told by mail and set it up again.',
    search: 'Find a user by name or e-mail',
    tableLabel: 'Users of this customer',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    twoFactor: 'Two-factor sign-in',
    on: 'On',
    off: 'Off',
    reset: 'Reset second factor',
    resetFor: 'Reset the second factor of {{email}}',
    none: 'No user matches.',
    more: 'Showing the first {{shown}} of {{total}} users: search to narrow the list.',
  },
};

export const customerUsersTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    customerUsers: {
      title: 'Benutzer und Zwei-Faktor-Anmeldung',
      hint: 'Hat ein Benutzer seine Authenticator-App und seine Wiederherstellungscodes verloren, hilft hier das Zurücksetzen des zweiten Faktors: Er wird per E-Mail informiert und richtet ihn neu ein.',
      search: 'Benutzer nach Name oder E-Mail suchen',
      tableLabel: 'Benutzer dieses Kunden',
      name: 'Name',
      email: 'E-Mail',
      role: 'Rolle',
      twoFactor: 'Zwei-Faktor-Anmeldung',
      on: 'Ein',
      off: 'Aus',
      reset: 'Zweiten Faktor zurücksetzen',
      resetFor: 'Zweiten Faktor von {{email}} zurücksetzen',
      none: 'Kein Benutzer passt.',
      more: 'Die ersten {{shown}} von {{total}} Benutzern: Suchen Sie, um die Liste einzugrenzen.',
    },
  },
};
