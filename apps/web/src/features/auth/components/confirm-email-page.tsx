import { PageLoader } from '../../../components/page-loader';
import { confirmEmail } from '../api';
import { useMailedLink } from './use-mailed-link';

const send = (params: URLSearchParams) => confirmEmail({ token: params.get('token') ?? '' });

/** The page the e-mail change mail links to; the login page then says whether the new address is confirmed. */
export function ConfirmEmailPage() {
  useMailedLink(send, '/login?emailChanged=1', '/login?emailChanged=0');
  return <PageLoader />;
}
