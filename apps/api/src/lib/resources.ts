import type { UserAttributes } from '@phonebot/shared/users';
import type { User } from '../db/schema';

/** The `users` resource of a user row; the avatar path becomes its public URL. */
export function userResource(
  user: Pick<
    User,
    'id' | 'name' | 'email' | 'role' | 'status' | 'customer_id' | 'avatar_path' | 'language' | 'created_at'
  >,
) {
  const attributes: UserAttributes = {
    name: user.name,
    email: user.email,
    role: user.role,
    status: user.status,
    customer_number: user.customer_id,
    avatar_url: user.avatar_path ? `/uploads/${user.avatar_path}` : null,
    language: user.language,
    created_at: user.created_at,
  };
  return { type: 'users' as const, id: String(user.id), attributes };
}
