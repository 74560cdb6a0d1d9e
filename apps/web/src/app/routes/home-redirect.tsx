import { Navigate } from 'react-router';
import { homePath } from '@phonebot/shared';
import { PageLoader } from '../../components/page-loader';
import { useRole } from '../../features/auth';

/** `/` for a signed-in user: the role's home screen. The shell shows loading and errors of the role. */
export function HomeRedirect() {
  const role = useRole();
  return role.isSuccess ? <Navigate to={homePath(role.data)} replace /> : <PageLoader />;
}
