import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  integrations: {
    intro:
      'Connect other systems to your company: scripts call the API with a key, and webhooks tell your systems about calls as they happen.',
    apiKeys: {
      title: 'API keys',
      intro: 'A key calls the API as you, limited to the scopes you choose. Send it as “Authorization: Bearer pbk_…”.',
      add: 'Create API key',
      name: 'Name',
      scopes: 'Scopes',
      created: 'Created',
      lastUsed: 'Last used',
      createdBy: 'Created by',
      never: 'Never',
      revoke: 'Revoke',
      revokeTitle: 'Revoke this API key?',
      revokeText: 'Scripts that use it stop working at once.',
      revoked: 'The API key is revoked.',
      empty: 'No API keys yet.',
      create: 'Create',
      tokenTitle: 'Your new API key',
      tokenLabel: 'API key',
      copy: 'Copy',
      copied: 'Copied',
      done: 'I have copied it',
    },
    scopes: {
      calls_read: 'Read calls',
      calls_write: 'Change calls',
      phonebots_read: 'Read phonebots',
      phonebots_write: 'Change phonebots',
      users_read: 'Read users',
    },
  },
};

export const integrationsTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    integrations: {
      intro:
        'Verbinden Sie andere Systeme mit Ihrer Firma: Skripte rufen die API mit einem Schlüssel auf, und Webhooks melden Ihren Systemen Anrufe, sobald sie geschehen.',
      apiKeys: {
        title: 'API-Schlüssel',
        intro:
          'Ein Schlüssel ruft die API in Ihrem Namen auf, beschränkt auf die gewählten Berechtigungen. Senden Sie ihn als „Authorization: Bearer pbk_…“.',
        add: 'API-Schlüssel erstellen',
        name: 'Name',
        scopes: 'Berechtigungen',
        created: 'Erstellt',
        lastUsed: 'Zuletzt benutzt',
        createdBy: 'Erstellt von',
        never: 'Nie',
        revoke: 'Widerrufen',
        revokeTitle: 'Diesen API-Schlüssel widerrufen?',
        revokeText: 'Skripte, die ihn benutzen, funktionieren sofort nicht mehr.',
        revoked: 'Der API-Schlüssel ist widerrufen.',
        empty: 'Noch keine API-Schlüssel.',
        create: 'Erstellen',
        tokenTitle: 'Ihr neuer API-Schlüssel',
        tokenLabel: 'API-Schlüssel',
        copy: 'Kopieren',
        copied: 'Kopiert',
        done: 'Ich habe ihn kopiert',
      },
      scopes: {
        calls_read: 'Anrufe lesen',
        calls_write: 'Anrufe ändern',
        phonebots_read: 'Phonebots lesen',
        phonebots_write: 'Phonebots ändern',
        users_read: 'Benutzer lesen',
      },
    },
  },
};
