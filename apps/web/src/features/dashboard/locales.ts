import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  firstSteps: {
    title: 'First steps',
    progress: '{{done}} of {{total}} done',
    done: 'Done',
    open: 'Still to do',
    steps: {
      phonebot: {
        title: 'Add a phonebot',
        text: 'Configure how your phonebot answers: greeting, prompt, phone line.',
        action: 'Add Phonebot',
      },
      runtime: {
        title: 'Connect the phonebot runtime',
        text: 'Give the bot token shown when you added the phonebot to your phonebot runtime. It ticks when the runtime reports for the first time.',
        action: 'Open Phonebots',
      },
      call: {
        title: 'Receive the first call',
        text: 'Call your phonebot’s number. Every handled call appears in the Calls Dashboard.',
        action: 'Open the Calls Dashboard',
      },
      colleague: {
        title: 'Invite a colleague',
        text: 'Add the people who call customers back. They get an e-mail to set their password.',
        action: 'Add User',
      },
      billing: {
        title: 'Set up billing',
        text: 'Pay for a phonebot by card on its page, so it keeps answering calls.',
        action: 'Open Phonebots',
      },
    },
  },
};

export const dashboardTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    firstSteps: {
      title: 'Erste Schritte',
      progress: '{{done}} von {{total}} erledigt',
      done: 'Erledigt',
      open: 'Noch offen',
      steps: {
        phonebot: {
          title: 'Phonebot anlegen',
          text: 'Legen Sie fest, wie Ihr Phonebot antwortet: Ansagetext, Prompt, Telefonleitung.',
          action: 'Phonebot anlegen',
        },
        runtime: {
          title: 'Phonebot-Laufzeit verbinden',
          text: 'Geben Sie der Phonebot-Laufzeit das Bot-Token, das beim Anlegen des Phonebots angezeigt wurde. Der Schritt ist erledigt, sobald sich die Laufzeit zum ersten Mal meldet.',
          action: 'Phonebots öffnen',
        },
        call: {
          title: 'Den ersten Anruf erhalten',
          text: 'Rufen Sie die Nummer Ihres Phonebots an. Jeder bearbeitete Anruf erscheint im Anruf-Dashboard.',
          action: 'Anruf-Dashboard öffnen',
        },
        colleague: {
          title: 'Kollegen einladen',
          text: 'Legen Sie die Personen an, die Kunden zurückrufen. Sie erhalten eine E-Mail, um ihr Passwort festzulegen.',
          action: 'Benutzer anlegen',
        },
        billing: {
          title: 'Abrechnung einrichten',
          text: 'Bezahlen Sie einen Phonebot per Karte auf seiner Seite, damit er weiter Anrufe annimmt.',
          action: 'Phonebots öffnen',
        },
      },
    },
  },
};
