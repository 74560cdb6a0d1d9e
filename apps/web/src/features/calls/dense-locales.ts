import type { FeatureTranslations } from '../../lib/i18n';

/** The texts of the dense call list: its columns, a row's menu, the filter bar and the bulk changes. */
const en = {
  dense: {
    columns: {
      preview: 'Summary',
      due: 'Due',
      owner: 'Owner',
      recording: 'Recording',
      menu: 'More',
    },
    row: {
      menu: 'Actions for the call from {{caller}}',
      call: 'Call {{number}}',
      recording: 'Recording of {{duration}}',
      noOwner: 'Nobody',
      noDue: 'No deadline',
      newReply: 'New reply',
      attempts_one: '{{count}} callback attempt',
      attempts_other: '{{count}} callback attempts',
    },
    menu: {
      open: 'Open the call',
      conversation: 'Conversation',
      notes: 'Notes',
      sms: 'Send SMS',
      complete: 'Mark completed',
      status: 'Status',
      priority: 'Priority',
      category: 'Category',
      delete: 'Delete',
    },
    filters: {
      button: 'Filters',
      buttonActive: 'Filters ({{count}})',
      label: 'Filters of the list',
    },
    sortFields: {
      due: 'Due',
      phonebot: 'Phonebot',
      caller_number: 'Caller',
      category: 'Category',
    },
    search: {
      placeholder: 'Words said, a name, a note or a number',
    },
    bulk: {
      priority: 'Priority for the selected calls',
      category: 'Category for the selected calls',
      choose: 'Choose…',
      setPriority: 'Set priority',
      setCategory: 'Set category',
      clear: 'Clear selection',
    },
  },
};

export const denseTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    dense: {
      columns: {
        preview: 'Zusammenfassung',
        due: 'Fällig',
        owner: 'Zuständig',
        recording: 'Aufnahme',
        menu: 'Mehr',
      },
      row: {
        menu: 'Aktionen für den Anruf von {{caller}}',
        call: '{{number}} anrufen',
        recording: 'Aufnahme von {{duration}}',
        noOwner: 'Niemand',
        noDue: 'Keine Frist',
        newReply: 'Neue Antwort',
        attempts_one: '{{count}} Rückrufversuch',
        attempts_other: '{{count}} Rückrufversuche',
      },
      menu: {
        open: 'Anruf öffnen',
        conversation: 'Gespräch',
        notes: 'Notizen',
        sms: 'SMS senden',
        complete: 'Als erledigt markieren',
        status: 'Status',
        priority: 'Priorität',
        category: 'Kategorie',
        delete: 'Löschen',
      },
      filters: {
        button: 'Filter',
        buttonActive: 'Filter ({{count}})',
        label: 'Filter der Liste',
      },
      sortFields: {
        due: 'Fälligkeit',
        phonebot: 'Phonebot',
        caller_number: 'Anrufer',
        category: 'Kategorie',
      },
      search: {
        placeholder: 'Gesagtes, ein Name, eine Notiz oder eine Nummer',
      },
      bulk: {
        priority: 'Priorität für die ausgewählten Anrufe',
        category: 'Kategorie für die ausgewählten Anrufe',
        choose: 'Auswählen…',
        setPriority: 'Priorität setzen',
        setCategory: 'Kategorie setzen',
        clear: 'Auswahl aufheben',
      },
    },
  },
};
