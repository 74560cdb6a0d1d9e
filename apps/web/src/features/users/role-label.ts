import type { TFunction } from 'i18next';
import type { Role } from '@phonebot/shared';

/** Roles as the company sees them: user is "User", adminuser is "Admin" (docs/product.md §4), admin, the owner, is "Owner". */
export function roleLabel(t: TFunction, role: Role): string {
  switch (role) {
    case 'user':
    case 'adminuser':
    case 'admin':
      return t(`users.roles.${role}`);
    default:
      // Guests and the super are not listed on these screens; show the raw name rather than nothing.
      return role;
  }
}
