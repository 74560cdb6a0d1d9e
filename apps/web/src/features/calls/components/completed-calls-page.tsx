import { registerTranslations } from '../../../lib/i18n';
import { useCallListParams } from '../list-params';
import { callsTranslations } from '../locales';
import { CallListScreen, type CallScreenProps } from './call-list-screen';
import { useServerList } from './use-server-list';

registerTranslations(callsTranslations);

/** /completed: the completed calls; their rows carry a completed badge instead of the check button. */
export function CompletedCallsPage({ canManage, viewer }: CallScreenProps) {
  const [params, update] = useCallListParams('completed');
  const view = useServerList('completed', params);
  return (
    <CallListScreen
      kind="completed"
      canManage={canManage}
      viewer={viewer}
      params={params}
      update={update}
      view={view}
    />
  );
}
