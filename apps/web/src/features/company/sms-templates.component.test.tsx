import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { SmsTemplatesCard } from './components/sms-templates';

const templatesAnswer = (sms_templates: { name: string; text: string }[]) => ({
  body: { data: { type: 'sms-templates', id: '3', attributes: { sms_templates, company_name: 'Acme GmbH' } } },
});

describe('the SMS templates of Company Profile', () => {
  it('adds a template and saves the whole list; an empty name or text keeps Save disabled', async () => {
    signIn('admin');
    apiStub.on('GET', '/sms-templates', templatesAnswer([{ name: 'Default', text: 'Hello' }]));
    apiStub.on('PATCH', '/sms-templates', (request) =>
      templatesAnswer((request.body as { data: { attributes: { sms_templates: [] } } }).data.attributes.sms_templates),
    );
    const { user } = await renderScreen(<SmsTemplatesCard />);
    await screen.findByDisplayValue('Default');
    await user.click(screen.getByRole('button', { name: 'Add template' }));
    const save = screen.getByRole<HTMLButtonElement>('button', { name: 'Save SMS templates' });
    expect(save.disabled).toBe(true);
    const names = screen.getAllByLabelText('Name');
    const texts = screen.getAllByLabelText('Text');
    await user.type(names[1]!, 'Callback');
    await user.type(texts[1]!, 'Hello {{caller_name}, we call back.');
    await waitFor(() => expect(save.disabled).toBe(false));
    await user.click(save);
    await waitFor(() => expect(apiStub.sent('PATCH', '/sms-templates')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/sms-templates')[0]!.body).toEqual({
      data: {
        type: 'sms-templates',
        attributes: {
          sms_templates: [
            { name: 'Default', text: 'Hello' },
            { name: 'Callback', text: 'Hello {caller_name}, we call back.' },
          ],
        },
      },
    });
    // The list as saved stays on screen.
    await screen.findByDisplayValue('Callback');
  });
});
