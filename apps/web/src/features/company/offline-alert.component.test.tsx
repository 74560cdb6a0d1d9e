import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiStub } from '../../test/api';
import { renderScreen, signIn } from '../../test/render';
import { OfflineAlertCard } from './components/offline-alert-card';

const profile = (minutes: number) => ({
  body: { data: { type: 'profile', id: '3', attributes: { company_name: 'Acme', offline_alert_minutes: minutes } } },
});

describe('the offline alert of the Company Profile', () => {
  it('saves the minutes until a silent phonebot is alerted, and refuses what is out of range before sending', async () => {
    signIn('admin');
    apiStub.on('GET', '/profile', profile(10));
    apiStub.on('PATCH', '/profile', profile(30));
    const { user } = await renderScreen(<OfflineAlertCard />);
    const input = await screen.findByLabelText('Minutes until the alert');
    expect((input as HTMLInputElement).value).toBe('10');
    await user.clear(input);
    await user.type(input, '2000');
    expect(screen.getByText('Enter whole minutes from 1 to 1440.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
    await user.clear(input);
    await user.type(input, '30');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(apiStub.sent('PATCH', '/profile')).toHaveLength(1));
    expect(apiStub.sent('PATCH', '/profile')[0]!.body).toEqual({
      data: { type: 'profile', attributes: { offline_alert_minutes: 30 } },
    });
  });
});
