import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrors, apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { registerTranslations } from '../../lib/i18n';
import type { CallRow } from './api';
import { SmsModal } from './components/sms-modal';
import { callsTranslations } from './locales';

registerTranslations(callsTranslations);

const call = { id: 17, caller_number: '+4930123456', caller_name: null } as unknown as CallRow;

describe('an SMS to a number that answered STOP', () => {
  it('is refused, and the dialog says why in the user’s language', async () => {
    signIn('user');
    apiStub.on('GET', '/sms-templates', {
      body: { data: { type: 'sms-templates', id: '3', attributes: { sms_templates: [], company_name: 'Acme GmbH' } } },
    });
    apiStub.on('POST', '/calls/17/sms', apiErrors(422, 'smsOptedOut'));
    const { user } = await renderScreen(<SmsModal call={call} onClose={() => {}} />, { language: 'de' });
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Nachricht'), 'Wir rufen zurück');
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    await screen.findByText(
      'Diese Nummer hat auf Ihre SMS mit STOP geantwortet: Bis sie START sendet, kann ihr keine SMS geschickt werden.',
    );
    expect(apiStub.sent('POST', '/calls/17/sms')).toHaveLength(1);
  });
});
