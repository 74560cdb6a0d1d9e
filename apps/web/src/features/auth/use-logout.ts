import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { clearToken } from '../../lib/auth-token';
import { notifyError } from '../../lib/notify';
import { useLoggingOut, useLogoutMutation } from './queries';

/**
 * Logout of docs/product.md §6: the server revokes the token, then the token is removed and the route guard sends the
 * browser to /login. When the call fails the user stays logged in, except on a 401: the token is already dead.
 */
export function useLogout() {
  const { t } = useTranslation();
  const mutation = useLogoutMutation();
  const pending = useLoggingOut();

  const logout = () => {
    mutation.mutate(undefined, {
      onSuccess: () => clearToken('logout'),
      onError: (error) => {
        if (isApiError(error, 401)) clearToken('logout');
        else notifyError(t('somethingWrong'));
      },
    });
  };

  return { logout, pending };
}
