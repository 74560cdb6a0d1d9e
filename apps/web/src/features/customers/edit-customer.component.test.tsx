import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderRoute, signIn } from '../../test/render';
import { editCustomerPath } from './customer-link';

const LOADING = { timeout: 40_000 };
const OWNER = 12;
const PATH = `/customers/${OWNER}`;

/** The customer as GET /customers/{ownerId} answers it. */
function customer(attributes: Record<string, unknown> = {}) {
  return {
    data: {
      type: 'customers',
      id: String(OWNER),
      attributes: {
        name: 'Anna Admin',
        email: 'anna@acme.example',
        status: 'Active',
        created_at: '2026-11-02T09:00:00.000Z',
        customer_number: 3,
        company_name: 'Acme GmbH',
        city: 'Berlin',
        address: null,
        pin: null,
        bank: null,
        iban: null,
        bic: null,
        phone: null,
        business_hours: null,
        default_country: 'DE',
        ...attributes,
      },
    },
  };
}

type Sent = { data: { type: string; id: string; attributes: Record<string, unknown> } };

/** The super on the customer's edit screen; PATCH answers what it was sent on top of the customer. */
async function openCustomer(options: { language?: 'en' | 'de'; stored?: Record<string, unknown> } = {}) {
  signIn('super', { language: options.language ?? 'en' });
  apiStub.on('GET', PATH, { body: customer(options.stored) });
  apiStub.on('GET', `${PATH}/users`, { body: { data: [], meta: { total: 0, page: 1, per_page: 20 } } });
  apiStub.on('PATCH', PATH, (request) => ({
    body: customer({ ...options.stored, ...(request.body as Sent).data.attributes }),
  }));
  const view = await renderRoute(editCustomerPath({ userId: OWNER, email: 'anna@acme.example' }), {
    language: options.language,
  });
  await screen.findByDisplayValue('Acme GmbH', {}, LOADING);
  return view;
}

/** The country picker's input (its list of options carries the same label). */
function countryInput(label: string): HTMLInputElement {
  const input = screen.getAllByLabelText(label).find((element) => element instanceof HTMLInputElement);
  if (!(input instanceof HTMLInputElement)) throw new Error(`No input labelled ${label}`);
  return input;
}

function hoursSection() {
  return screen.getByRole('region', { name: /Business hours|Geschäftszeiten/ });
}

describe("the super edits a customer's country and business hours", () => {
  it('saves the country with the customer and the business hours on their own, as the API takes them', async () => {
    const { user } = await openCustomer();

    // The country of the phone numbers, saved with the customer's other fields.
    const country = countryInput('Country of phone numbers');
    expect(country.value).toBe('Germany');
    await user.clear(country);
    await user.type(country, 'Aust');
    // happy-dom lays nothing out, so the list stays hidden: the option is chosen with the keyboard.
    await user.keyboard('{ArrowDown}{Enter}');
    expect(country.value).toBe('Austria');
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    await waitFor(() => expect(apiStub.sent('PATCH', PATH)).toHaveLength(1));
    const saved = apiStub.sent('PATCH', PATH)[0]!.body as Sent;
    expect(saved.data).toMatchObject({ type: 'customers', id: String(OWNER) });
    expect(saved.data.attributes).toMatchObject({ default_country: 'AT', company_name: 'Acme GmbH' });
    expect(saved.data.attributes).not.toHaveProperty('business_hours');
  });

  it('turns business hours on, changes a day and a closed day, and switches them off again (null)', async () => {
    const { user, location } = await openCustomer();
    const section = hoursSection();
    await user.click(within(section).getByRole('switch', { name: 'Count callback deadlines in business hours only' }));
    const fridayUntil = within(section).getByLabelText('Friday: closes');
    await user.clear(fridayUntil);
    await user.click(fridayUntil);
    await user.paste('12:00');
    await user.click(within(section).getByLabelText('Closed days', { exact: false }));
    await user.paste('2026-12-24');
    await user.click(within(section).getByRole('button', { name: 'Save business hours' }));

    await waitFor(() => expect(apiStub.sent('PATCH', PATH)).toHaveLength(1));
    const { attributes } = (apiStub.sent('PATCH', PATH)[0]!.body as Sent).data;
    // Only the hours are sent: the customer's other fields stay as they are.
    expect(Object.keys(attributes)).toEqual(['business_hours']);
    const hours = attributes.business_hours as {
      time_zone: string;
      week: Record<string, string[][]>;
      holidays: string[];
    };
    expect(hours.week.fri).toEqual([['08:00', '12:00']]);
    expect(hours.week.mon).toEqual([['08:00', '17:00']]);
    expect(hours.week.sun).toEqual([]);
    expect(hours.holidays).toEqual(['2026-12-24']);
    expect(hours.time_zone).toEqual(expect.any(String));
    // The screen stays open.
    expect(location()).toMatch(/^\/editcustomer\//);

    await user.click(within(section).getByRole('switch', { name: 'Count callback deadlines in business hours only' }));
    await user.click(within(section).getByRole('button', { name: 'Save business hours' }));
    await waitFor(() => expect(apiStub.sent('PATCH', PATH)).toHaveLength(2));
    expect(apiStub.sent('PATCH', PATH)[1]!.body).toEqual({
      data: { type: 'customers', id: String(OWNER), attributes: { business_hours: null } },
    });
  });

  it('checks the hours before sending and shows a 422 of the server at the field', async () => {
    const { user } = await openCustomer({
      stored: {
        business_hours: {
          time_zone: 'Europe/Berlin',
          week: { mon: [['08:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
          holidays: [],
        },
      },
    });
    const section = hoursSection();
    expect(within(section).getByLabelText<HTMLInputElement>('Monday: opens').value).toBe('08:00');

    // Checked here as on Company Profile: nothing is sent.
    await user.click(within(section).getByLabelText('Closed days', { exact: false }));
    await user.paste('2026-02-30');
    await user.click(within(section).getByRole('button', { name: 'Save business hours' }));
    expect((await within(section).findByRole('alert')).textContent).toMatch(/dates of the calendar/);
    expect(apiStub.sent('PATCH', PATH)).toHaveLength(0);

    // The server's refusal of the hours is said in the hours' form.
    await user.clear(within(section).getByLabelText('Closed days', { exact: false }));
    apiStub.on('PATCH', PATH, {
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'businessHoursTimeZoneInvalid',
            title: 'Invalid',
            source: { pointer: '/data/attributes/business_hours/time_zone' },
          },
        ],
      },
    });
    await user.click(within(section).getByRole('button', { name: 'Save business hours' }));
    expect((await within(section).findByRole('alert')).textContent).toBe('Choose a time zone such as Europe/Berlin.');

    // The server's refusal of the country is shown at the country's field.
    apiStub.on('PATCH', PATH, {
      status: 422,
      body: {
        errors: [
          {
            status: '422',
            code: 'defaultCountryInvalid',
            title: 'Invalid',
            source: { pointer: '/data/attributes/default_country' },
          },
        ],
      },
    });
    await user.click(screen.getByRole('button', { name: 'Update Customer' }));
    const country = countryInput('Country of phone numbers');
    await waitFor(() => expect(country.getAttribute('aria-invalid')).toBe('true'));
    const errorId = country.getAttribute('aria-describedby')!.split(' ');
    expect(errorId.map((id) => document.getElementById(id)?.textContent)).toContain(
      'Choose one of the listed countries.',
    );
    expect(apiStub.sent('PATCH', PATH)).toHaveLength(2);
  });

  it('speaks German', async () => {
    await openCustomer({ language: 'de' });
    const country = countryInput('Land der Telefonnummern');
    expect(country.value).toBe('Deutschland');
    const section = hoursSection();
    within(section).getByRole('heading', { name: 'Geschäftszeiten' });
    within(section).getByRole('switch', { name: 'Rückruffristen nur in Geschäftszeiten zählen' });
    within(section).getByRole('button', { name: 'Geschäftszeiten speichern' });
  });
});
