import type { FeatureTranslations } from '../../lib/i18n';

/** This feature's texts, under its own top-level key; registered when its screens load. */
const en = {
  users: {
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
      guest: 'Guest',
      super: 'Super administrator',
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
        guest: 'Gast',
        super: 'Superadministrator',
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
