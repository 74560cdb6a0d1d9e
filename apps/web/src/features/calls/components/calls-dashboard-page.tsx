import { registerTranslations } from '../../../lib/i18n';
import { PhonebotOfflineBanner } from '../../phonebots';
import { useCallListParams } from '../list-params';
import { callsTranslations } from '../locales';
import { CallListScreen, type CallScreenProps } from './call-list-screen';
import { useServerList } from './use-server-list';

registerTranslations(callsTranslations);

/** /viewcalllogs: the open calls (New and In Progress), the full variant of docs/product.md §4. */
export function CallsDashboardPage({ canManage, viewer }: CallScreenProps) {
  const [params, update] = useCallListParams('dashboard');
  const view = useServerList('dashboard', params);
  return (
    <>
      <PhonebotOfflineBanner />
      <CallListScreen
        kind="dashboard"
        canManage={canManage}
        viewer={viewer}
        params={params}
        update={update}
        view={view}
      />
    </>
  );
}
