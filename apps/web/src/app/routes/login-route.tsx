import { LoginPage } from '../../features/auth/components/login-page';
import { landingPath } from '../route-table';

export function LoginRoute() {
  return <LoginPage resolveLanding={landingPath} />;
}
