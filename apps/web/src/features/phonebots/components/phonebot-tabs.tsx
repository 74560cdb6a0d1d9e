import { type ReactNode, useState } from 'react';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { registerTranslations } from '../../../lib/i18n';
import { historyTranslations } from '../history-locales';
import { PhonebotHistory } from './phonebot-history';

registerTranslations(historyTranslations);

type PhonebotTabsProps = {
  licenseKey: string;
  /** A guest's history shows the greeting and the prompt only. */
  guest?: boolean;
  /** The settings form; `revision` changes when a version was restored, so the form starts again from it. */
  children: (revision: number) => ReactNode;
};

/** The Update Phonebot screen's tabs: the settings form and the History of its versions. */
export function PhonebotTabs({ licenseKey, guest = false, children }: PhonebotTabsProps) {
  const { t } = useTranslation();
  const [revision, setRevision] = useState(0);
  return (
    <Tabs defaultValue="settings">
      <Tabs.List>
        <Tabs.Tab value="settings">{t('phonebotHistory.tabs.settings')}</Tabs.Tab>
        <Tabs.Tab value="history">{t('phonebotHistory.tabs.history')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="settings" pt="md">
        {children(revision)}
      </Tabs.Panel>
      <Tabs.Panel value="history" pt="md">
        <PhonebotHistory licenseKey={licenseKey} guest={guest} onRestored={() => setRevision((n) => n + 1)} />
      </Tabs.Panel>
    </Tabs>
  );
}
