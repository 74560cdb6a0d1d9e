import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PHONEBOT_DEFAULTS } from '@phonebot/shared/phonebots';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';

const KEY = 'pb-empfang7q';

/** A phonebot as the API answers it to its company's admin. */
function phonebot(attributes: Record<string, unknown> = {}) {
  return {
    type: 'phonebots',
    id: KEY,
    attributes: {
      ...PHONEBOT_DEFAULTS,
      bezeichnung: 'Empfang',
      category_terms: ['Support'],
      license_Key: KEY,
      customer_name: 'Muster GmbH',
      status: 'offline',
      pstatus: 'active',
      payment_status: 1,
      created_at: '2026-12-01T08:00:00.000Z',
      attendedtransfer: false,
      apen_ai_key: '',
      secrets_set: {
        sip_passwd: false,
        e_mail_passwd: false,
        nat_password: false,
        apen_ai_key: false,
        source_secret: false,
      },
      ...attributes,
    },
  };
}

/** The edit form of the phonebot, for its company's admin, whose saves the stub answers; and its Call source. */
async function editAsAdmin() {
  signIn('admin');
  apiStub.on('GET', `/phonebots/${KEY}`, { body: { data: phonebot() } });
  apiStub.on('PATCH', `/phonebots/${KEY}`, (request) => ({
    body: { data: phonebot((request.body as { data: { attributes: Record<string, unknown> } }).data.attributes) },
  }));
  // A save goes back to the list of phonebots.
  apiStub.on('GET', '/phonebots', { body: { data: [phonebot()], meta: { total: 1 } } });
  const { user } = await renderRoute(`/editvbot/${KEY}`);
  return { user, section: await screen.findByRole('group', { name: 'Call source' }) };
}

describe('the call source of a phonebot', () => {
  it('shows for a platform its how-to, the connector address and the secret, and saves the mapping', async () => {
    const { user, section } = await editAsAdmin();
    const fill = async (label: string, text: string) => {
      await user.click(within(section).getByLabelText(label));
      await user.paste(text);
    };
    expect(within(section).getByText(/sends its calls with its bot token/)).toBeTruthy();
    expect(within(section).queryByLabelText('Connector address')).toBeNull();

    await user.selectOptions(within(section).getByLabelText('Calls come from'), 'retell');
    within(section).getByText('Connect Retell');
    within(section).getByText(/paste the connector address below as its webhook URL/);
    const address = within(section).getByLabelText<HTMLInputElement>('Connector address');
    expect(address.value).toBe(`${window.location.origin}/api/v2/connect/retell/${KEY}`);
    await user.click(within(section).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(address.value);

    await fill('Platform secret', 'key_retell_123');
    await fill('Agent ID', 'agent_42');
    await fill('Field for the category', 'topic');
    await fill('Field for the priority', 'urgency');
    await fill('Field for the caller’s name', 'caller');
    await user.click(within(section).getByRole('button', { name: 'Add value' }));
    await fill('Value 1', 'hoch');
    await user.selectOptions(within(section).getByLabelText('Priority for value 1'), 'Important Callback');

    await user.selectOptions(within(section).getByLabelText('Calls come from'), 'vapi');
    within(section).getByText('Connect Vapi');
    expect(within(section).getByLabelText<HTMLInputElement>('Connector address').value).toMatch(/\/connect\/vapi\//);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    const [saved] = apiStub.sent('PATCH', `/phonebots/${KEY}`);
    expect((saved!.body as { data: { attributes: unknown } }).data.attributes).toMatchObject({
      source: 'vapi',
      source_secret: 'key_retell_123',
      source_agent_id: 'agent_42',
      source_mapping: {
        selected_category: 'topic',
        priority: 'urgency',
        caller_name: 'caller',
        priority_values: [{ value: 'hoch', priority: 'Important Callback' }],
      },
    });
  });

  it('keeps a stored secret unless a new one is typed, and on the add form gives the address after saving', async () => {
    signIn('admin');
    const stored = phonebot({
      source: 'elevenlabs',
      secrets_set: {
        sip_passwd: false,
        e_mail_passwd: false,
        nat_password: false,
        apen_ai_key: false,
        source_secret: true,
      },
    });
    apiStub.on('GET', `/phonebots/${KEY}`, { body: { data: stored } });
    const edit = await renderRoute(`/editvbot/${KEY}`);
    const section = await screen.findByRole('group', { name: 'Call source' });
    within(section).getByText('Connect ElevenLabs');
    expect(within(section).getByLabelText<HTMLInputElement>('Platform secret').placeholder).toBe('unchanged');
    edit.unmount();

    const add = await renderRoute('/addvbot');
    const fresh = await screen.findByRole('group', { name: 'Call source' });
    await add.user.selectOptions(within(fresh).getByLabelText('Calls come from'), 'retell');
    within(fresh).getByText('The connector address is shown here once the phonebot is saved.');
    expect(within(fresh).queryByLabelText('Connector address')).toBeNull();
  });

  it('offers the silence alert only for a platform, and checks its hours before saving', async () => {
    const { user, section } = await editAsAdmin();
    const label = 'Alert after hours without a call';
    expect(within(section).queryByLabelText(label)).toBeNull();
    await user.selectOptions(within(section).getByLabelText('Calls come from'), 'elevenlabs');
    const hours = within(section).getByLabelText(label);
    await user.click(hours);
    await user.paste('200');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await within(section).findByText(/whole number of hours from 1 to 168/)).toBeTruthy();
    expect(apiStub.sent('PATCH', `/phonebots/${KEY}`)).toHaveLength(0);

    await user.clear(hours);
    await user.paste('6');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('status');
    const [saved] = apiStub.sent('PATCH', `/phonebots/${KEY}`);
    expect((saved!.body as { data: { attributes: unknown } }).data.attributes).toMatchObject({
      source: 'elevenlabs',
      silence_alert_hours: 6,
    });
  });
});
