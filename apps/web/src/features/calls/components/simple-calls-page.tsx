import { registerTranslations } from '../../../lib/i18n';
import { useCallListParams } from '../list-params';
import { callsTranslations } from '../locales';
import { CallListScreen, type CallScreenProps } from './call-list-screen';
import { useServerList } from './use-server-list';

registerTranslations(callsTranslations);

/** /calls: the simple variant of the dashboard, every call, five a page. */
export function SimpleCallsPage({ canManage, viewer }: CallScreenProps) {
  const [params, update] = useCallListParams('simple');
  const view = useServerList('simple', params);
  return (
    <CallListScreen kind="simple" canManage={canManage} viewer={viewer} params={params} update={update} view={view} />
  );
}
