// Answers of the API that several component tests stub, in the shape the server sends them.

/** GET /profile: a company's profile as its admin reads it; `extra` replaces attributes. */
export function companyProfileDocument(extra: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'profile',
      id: '3',
      attributes: {
        company_name: 'Firma',
        address: 'Weg 1',
        pin: '10115',
        city: 'Berlin',
        phone: '+4930123',
        company_email: 'info@firma.example',
        bank: null,
        iban: null,
        bic: null,
        sms_allowed_numbers: [],
        require_mfa: false,
        callback_sla_minutes: {
          'Important Callback': 60,
          Transferred: 30,
          'Send Email': 240,
          'Normal Callback': 1440,
        },
        retention_days: null,
        retention_max_days: null,
        business_hours: null,
        default_country: 'DE',
        ...extra,
      },
    },
  };
}
