/** The operator's details shown in the footer; placeholders until the real company data is known. */
export const COMPANY_INFO = {
  name: 'Phonebot Portal GmbH',
  street: 'Musterstraße 1',
  postalCode: '10115',
  city: 'Berlin',
  country: 'Germany',
  phone: '+49 30 1234567',
  fax: '+49 30 1234568',
  email: 'kontakt@phonebot-portal.example',
  links: {
    imprint: 'https://phonebot-portal.example/imprint',
    privacy: 'https://phonebot-portal.example/privacy',
    terms: 'https://phonebot-portal.example/terms',
  },
} as const;
