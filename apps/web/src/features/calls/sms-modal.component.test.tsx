import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { registerTranslations } from '../../lib/i18n';
import type { CallRow } from './api';
import { SmsModal } from './components/sms-modal';
import { callsTranslations } from './locales';

// The call screens that open the dialog bring the calls' texts.
registerTranslations(callsTranslations);

const call = { id: 17, caller_number: '+4930123456', caller_name: 'Frau Weber' } as unknown as CallRow;

function templates(list: { name: string; text: string }[]) {
  apiStub.on('GET', '/sms-templates', {
    body: { data: { type: 'sms-templates', id: '3', attributes: { sms_templates: list, company_name: 'Acme GmbH' } } },
  });
}

describe('the SMS dialog', () => {
  it('starts empty, and Send without a message says so and sends nothing', async () => {
    signIn('user');
    templates([{ name: 'Default', text: 'Hello, this is a prefilled SMS message. You can edit it before sending.' }]);
    const { user } = await renderScreen(<SmsModal call={call} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
    const message = within(dialog).getByLabelText<HTMLTextAreaElement>('Message');
    expect(message.value).toBe('');
    within(dialog).getByText('0 characters · 0 SMS');
    const send = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Send' });
    await user.click(send);
    await within(dialog).findByText('Please enter a message!');
    await user.type(message, '   ');
    await user.click(send);
    await within(dialog).findByText('Please enter a message!');
    expect(apiStub.sent('POST', '/calls/17/sms')).toEqual([]);
  });

  it('fills the message from a picked template with its placeholders, shows the parts, and sends what is shown', async () => {
    signIn('user', { name: 'Anna Operator' });
    templates([
      { name: 'Default', text: 'Hello' },
      { name: 'Callback', text: 'Hello {caller_name}, {user_name} of {company_name} calls you back today.' },
    ]);
    apiStub.on('POST', '/calls/17/sms', {
      status: 201,
      body: {
        data: {
          type: 'sms',
          id: '5',
          attributes: {
            call_id: 17,
            to: '+4930123456',
            message: 'x',
            state: 'queued',
            created_at: '2026-12-07T10:00:00.000Z',
          },
        },
      },
    });
    let closed = false;
    const { user } = await renderScreen(<SmsModal call={call} onClose={() => (closed = true)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send SMS' });
    const picker = within(dialog).getByLabelText<HTMLInputElement>('Template');
    await waitFor(() => expect(picker.disabled).toBe(false));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Callback' }));
    const text = 'Hello Frau Weber, Anna Operator of Acme GmbH calls you back today.';
    await waitFor(() => expect(within(dialog).getByLabelText<HTMLTextAreaElement>('Message').value).toBe(text));
    within(dialog).getByText(`${text.length} characters · 1 SMS · ${160 - text.length} left in this SMS`);

    // A long text with a character outside GSM-7 goes as UCS-2: 67 per part.
    const message = within(dialog).getByLabelText<HTMLTextAreaElement>('Message');
    await user.clear(message);
    await user.type(message, `${'a'.repeat(70)}ł`);
    within(dialog).getByText('71 characters · 2 SMS · Special characters: 67 per SMS · 63 left in this SMS');

    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(apiStub.sent('POST', '/calls/17/sms')).toHaveLength(1));
    expect(apiStub.sent('POST', '/calls/17/sms')[0]!.body).toEqual({
      data: { type: 'sms', attributes: { to: '+4930123456', message: `${'a'.repeat(70)}ł` } },
    });
    await waitFor(() => expect(closed).toBe(true));
  });

  it('speaks German', async () => {
    signIn('user');
    templates([{ name: 'Standard', text: 'Hallo' }]);
    const { user } = await renderScreen(<SmsModal call={call} onClose={() => {}} />, { language: 'de' });
    const dialog = await screen.findByRole('dialog');
    within(dialog).getByText('0 Zeichen · 0 SMS');
    const picker = within(dialog).getByLabelText<HTMLInputElement>('Vorlage');
    await waitFor(() => expect(picker.disabled).toBe(false));
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    await within(dialog).findByText('5 Zeichen · 1 SMS · noch 155 in dieser SMS');
  });
});
