import { PageLoader } from '../../../components/page-loader';
import { verifyEmail } from '../api';
import { useMailedLink } from './use-mailed-link';

const send = (params: URLSearchParams) =>
  verifyEmail({ email: params.get('email') ?? '', token: params.get('token') ?? '' });

/** The page the verification mail links to; the login page then says whether the address is verified. */
export function VerifyEmailPage() {
  useMailedLink(send, '/login?verified=1', '/login?verified=0');
  return <PageLoader />;
}
