import { useLocation, useNavigate } from 'react-router';
import { LoginPage } from '../../features/auth/sign-in';
import { PlainAuthLayout } from '../layout/plain-auth-layout';
import { landingPath } from '../route-table';

/** /login inside the signed-in app (after a logout, a sign-up or an expired session): the same page as on a first load. */
export function LoginRoute() {
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <PlainAuthLayout navigate={navigate}>
      <LoginPage search={search} navigate={navigate} resolveLanding={landingPath} />
    </PlainAuthLayout>
  );
}
