import type { TFunction } from 'i18next';
import type { Role } from '@phonebot/shared';

/** Roles as the company sees them: user is "User", adminuser is "Admin" (docs/product.md §4), admin, the owner, is "Owner". */
export function roleLabel(t: TFunction, role: Role): string {
  switch (role) {
    case 'user':
    case 'adminuser':
    case 'admin':
    case 'guest':
    case 'super':
      return t(`users.roles.${role}`);
    default:
      // A role this version does not know: its raw name rather than nothing.
      return role;
  }
}
