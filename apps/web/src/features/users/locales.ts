import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  users: {
    mfaReset: {
      title: 'Two-factor sign-in',
      hint: 'If this user lost their authenticator app and recovery codes, reset their second factor. They are told by mail and set it up again.',
      button: 'Reset two-factor sign-in',
      confirmTitle: 'Reset two-factor sign-in?',
      confirmText:
        '{{email}} sets up a new second factor at the next login, or signs in with the password alone where none is required.',
      done: 'Two-factor sign-in reset. The user was told by mail.',
    },
    addUser: 'Add User',
    updateUser: 'Update User',
    backToList: 'Back to list',
    tableLabel: 'Users of your company',
    columns: {
      name: 'Name',
      email: 'Email',
      role: 'Role',
      createdAt: 'Created At',
      action: 'Action',
    },
    roles: {
      user: 'User',
      adminuser: 'Admin',
      admin: 'Owner',
    },
    editUser: 'Edit {{name}}',
    deleteUser: 'Delete {{name}}',
    fields: {
      email: 'Email',
      firstName: 'First name',
      lastName: 'Last name',
      name: 'Name',
      role: 'Role',
    },
    roleHint: 'Admins manage the company profile and phonebots; only the owner manages users.',
    notFound: 'This user does not exist, or the link is incomplete.',
  },
};

export const usersTranslations: FeatureTranslations<typeof en> = {
  en,
  de: {
    users: {
      mfaReset: {
        title: 'Zwei-Faktor-Anmeldung',
        hint: 'Hat dieser Benutzer seine Authenticator-App und seine Wiederherstellungscodes verloren, setzen Sie seinen zweiten Faktor zurück. Er wird per E-Mail benachrichtigt und richtet ihn neu ein.',
        button: 'Zwei-Faktor-Anmeldung zurücksetzen',
        confirmTitle: 'Zwei-Faktor-Anmeldung zurücksetzen?',
        confirmText:
          '{{email}} richtet bei der nächsten Anmeldung einen neuen zweiten Faktor ein oder meldet sich, wo keiner verlangt wird, nur mit dem Passwort an.',
        done: 'Zwei-Faktor-Anmeldung zurückgesetzt. Der Benutzer wurde per E-Mail benachrichtigt.',
      },
      addUser: 'Benutzer anlegen',
      updateUser: 'Benutzer speichern',
      backToList: 'Zurück zur Liste',
      tableLabel: 'Benutzer Ihrer Firma',
      columns: {
        name: 'Name',
        email: 'E-Mail',
        role: 'Rolle',
        createdAt: 'Erstellt am',
        action: 'Aktion',
      },
      roles: {
        user: 'Benutzer',
        adminuser: 'Admin',
        admin: 'Inhaber',
      },
      editUser: '{{name}} bearbeiten',
      deleteUser: '{{name}} löschen',
      fields: {
        email: 'E-Mail',
        firstName: 'Vorname',
        lastName: 'Nachname',
        name: 'Name',
        role: 'Rolle',
      },
      roleHint: 'Admins verwalten das Firmenprofil und die Phonebots; nur der Inhaber verwaltet Benutzer.',
      notFound: 'Diesen Benutzer gibt es nicht, oder der Link ist unvollständig.',
    },
  },
};
