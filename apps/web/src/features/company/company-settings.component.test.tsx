import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { companyProfileDocument as companyProfile } from '../../test/fixtures';
import { renderScreen, signIn } from '../../test/render';
import { BusinessHoursCard } from './components/business-hours-card';
import { RetentionCard } from './components/retention-card';

/** PATCH /profile answers what it was sent, on top of the profile. */
function savesProfile(base: Record<string, unknown> = {}) {
  apiStub.on('PATCH', '/profile', (request) => {
    const { attributes } = (request.body as { data: { attributes: Record<string, unknown> } }).data;
    return { body: companyProfile({ ...base, ...attributes }) };
  });
}

describe('business hours editor', () => {
  it('turns business hours on, splits a day over lunch, lists holidays and saves them as the API takes them', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', { body: companyProfile() });
    savesProfile();
    const { user } = await renderScreen(<BusinessHoursCard />);

    await user.click(await screen.findByRole('switch', { name: 'Count callback deadlines in business hours only' }));
    // A working week from 08:00 to 17:00 to begin with; Saturday and Sunday closed.
    expect((screen.getByLabelText('Monday: opens') as HTMLInputElement).value).toBe('08:00');
    expect(screen.getAllByText('Closed')).toHaveLength(2);

    // Friday: 08:00-12:00 and 13:00-15:00.
    const fridayUntil = screen.getByLabelText('Friday: closes');
    await user.clear(fridayUntil);
    await user.click(fridayUntil);
    await user.paste('12:00');
    await user.click(screen.getByRole('button', { name: 'Add hours on Friday' }));
    const [, secondFrom] = screen.getAllByLabelText('Friday: opens');
    const [, secondUntil] = screen.getAllByLabelText('Friday: closes');
    await user.clear(secondFrom!);
    await user.click(secondFrom!);
    await user.paste('13:00');
    await user.click(secondUntil!);
    await user.paste('15:00');
    await user.click(screen.getByLabelText('Closed days', { exact: false }));
    await user.paste('2026-12-24\n2026-12-25');
    await user.click(screen.getByRole('button', { name: 'Save business hours' }));

    await waitFor(() => expect(apiStub.sent('PATCH', '/profile')).toHaveLength(1));
    const sent = apiStub.sent('PATCH', '/profile')[0]!.body as {
      data: {
        attributes: { business_hours: { time_zone: string; week: Record<string, string[][]>; holidays: string[] } };
      };
    };
    const hours = sent.data.attributes.business_hours;
    expect(hours.week.fri).toEqual([
      ['08:00', '12:00'],
      ['13:00', '15:00'],
    ]);
    expect(hours.week.mon).toEqual([['08:00', '17:00']]);
    expect(hours.week.sat).toEqual([]);
    expect(hours.holidays).toEqual(['2026-12-24', '2026-12-25']);
    expect(hours.time_zone).toEqual(expect.any(String));
  });

  it('says what is wrong before anything is sent: overlapping hours, a date that does not exist', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', {
      body: companyProfile({
        business_hours: {
          time_zone: 'Europe/Berlin',
          week: { mon: [['08:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [] },
          holidays: [],
        },
      }),
    });
    savesProfile();
    const { user } = await renderScreen(<BusinessHoursCard />);
    await user.click(await screen.findByRole('button', { name: 'Add hours on Monday' }));
    const [, from] = screen.getAllByLabelText('Monday: opens');
    const [, until] = screen.getAllByLabelText('Monday: closes');
    await user.clear(from!);
    await user.click(from!);
    await user.paste('16:00');
    await user.click(until!);
    await user.paste('18:00');
    await user.click(screen.getByRole('button', { name: 'Save business hours' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/without overlaps/);

    await user.click(screen.getByRole('button', { name: 'Remove Monday 16:00–18:00' }));
    await user.click(screen.getByLabelText('Closed days', { exact: false }));
    await user.paste('2026-02-30');
    await user.click(screen.getByRole('button', { name: 'Save business hours' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/dates of the calendar/);
    expect(apiStub.sent('PATCH', '/profile')).toHaveLength(0);

    // Switched off, deadlines count around the clock again: null is saved.
    await user.click(screen.getByRole('switch', { name: 'Count callback deadlines in business hours only' }));
    await user.click(screen.getByRole('button', { name: 'Save business hours' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/profile')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/profile')[0]!.body).toEqual({
      data: { type: 'profile', attributes: { business_hours: null } },
    });
  });

  it('speaks German', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', { body: companyProfile() });
    await renderScreen(<BusinessHoursCard />, { language: 'de' });
    expect(await screen.findByRole('switch', { name: 'Rückruffristen nur in Geschäftszeiten zählen' })).toBeTruthy();
  });
});

describe('retention confirmation', () => {
  it('names how many calls the next night deletes and saves a shorter retention only when confirmed', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', { body: companyProfile({ retention_days: 365, retention_max_days: 730 }) });
    apiStub.on('GET', '/profile/retention-preview', (request) => ({
      body: { meta: { retention_days: Number(request.query.get('retention_days')), calls: 42 } },
    }));
    savesProfile({ retention_max_days: 730 });
    const { user } = await renderScreen(<RetentionCard editable />);

    const input = await screen.findByLabelText('Keep calls for (days)');
    await user.clear(input);
    await user.type(input, '30');
    expect(await screen.findByText('With this, the next night deletes 42 calls.')).toBeTruthy();
    expect(apiStub.sent('GET', '/profile/retention-preview').at(-1)!.query.get('retention_days')).toBe('30');

    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    const dialog = await screen.findByRole('dialog', { name: 'Keep calls for a shorter time?' });
    expect(within(dialog).getByText(/deletes 42 calls older than 30 days/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apiStub.sent('PATCH', '/profile')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    const again = await screen.findByRole('dialog', { name: 'Keep calls for a shorter time?' });
    await user.click(within(again).getByRole('button', { name: 'Save and delete' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/profile')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/profile')[0]!.body).toEqual({
      data: { type: 'profile', attributes: { retention_days: 30 } },
    });
  });

  it('saves a longer retention without asking', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', { body: companyProfile({ retention_days: 30 }) });
    // While typing 90, the 9 on the way is shorter and is counted; saving 90 asks nothing.
    apiStub.on('GET', '/profile/retention-preview', { body: { meta: { retention_days: 9, calls: 3 } } });
    savesProfile();
    const { user } = await renderScreen(<RetentionCard editable />);
    const input = await screen.findByLabelText('Keep calls for (days)');
    await user.clear(input);
    await user.type(input, '90');
    await user.click(screen.getByRole('button', { name: 'Save retention' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/profile')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(apiStub.sent('PATCH', '/profile')[0]!.body).toEqual({
      data: { type: 'profile', attributes: { retention_days: 90 } },
    });
  });
});
