import { useTranslation } from 'react-i18next';
import { ComingSoonPage } from '../../components/coming-soon-page';
import type { ProtectedRoute } from '../route-table';

/** A protected screen of docs/product.md §2.2 that is not built yet: its title and a note, inside the shell. */
export function ComingSoonRoute({ route }: { route: ProtectedRoute }) {
  const { t } = useTranslation();
  return <ComingSoonPage title={t(route.titleKey)} backTo="/dashboard" />;
}
