import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { de } from '../../locales/de';
import { apiErrors, apiStub } from '../../test/api';
import { renderRoute } from '../../test/render';

describe('the sign-in pages', () => {
  it('shows the validation messages of docs/product.md §7 and the invalid-credentials toast', async () => {
    apiStub.on('POST', '/login', apiErrors(401, 'invalidCredentials', 'Invalid credentials!'));
    const { user } = await renderRoute('/login');
    await user.click(await screen.findByRole('button', { name: 'Login' }));
    await screen.findByText('Email is a required input');
    await screen.findByText('Password is a required input');
    await user.type(screen.getByLabelText('Email', { exact: true }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Email has to be a valid email address');

    await user.clear(screen.getByLabelText('Email', { exact: true }));
    await user.type(screen.getByLabelText('Email', { exact: true }), 'nobody@example.com');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await screen.findByText('Invalid credentials!');
    expect(apiStub.sent('POST', '/login').map((request) => request.body)).toEqual([
      { email: 'nobody@example.com', password: 'wrong-password' },
    ]);
  });

  it('shows the sign-up form’s validation messages', async () => {
    const { user } = await renderRoute('/signup');
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await screen.findByText('Company name is a required input');
    await screen.findByText('Name is a required input');
    await screen.findByText('Confirm password is a required input');
    await user.type(screen.getByLabelText('Password', { exact: true }), 'long-enough');
    await user.type(screen.getByLabelText('Confirm password', { exact: true }), 'different');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    await screen.findByText('Your passwords do not match.');
    expect(apiStub.sent('POST', '/register')).toEqual([]);
  });

  it('redirects the template routes', async () => {
    const signIn = await renderRoute('/sign-in');
    await waitFor(() => expect(signIn.location()).toBe('/login'));
    signIn.unmount();
    const signUp = await renderRoute('/sign-up');
    await waitFor(() => expect(signUp.location()).toBe('/signup'));
  });

  it('switches the login page to German', async () => {
    const { user } = await renderRoute('/login');
    await user.selectOptions(await screen.findByLabelText('Language'), 'de');
    await user.click(await screen.findByRole('button', { name: 'Anmelden' }));
    await screen.findByText('E-Mail ist ein Pflichtfeld');
    expect(document.documentElement.lang).toBe('de');
    expect(window.localStorage.getItem('phonebot_language')).toBe('de');
  });

  describe('on a first visit', () => {
    // Starting again sets the instance up anew, without the texts the features added when they loaded: the files of
    // the project share their modules, so the later files get them back.
    let texts: Record<string, unknown>;
    beforeAll(() => {
      texts = structuredClone(i18n.store.data);
    });
    afterAll(() => {
      for (const [language, bundles] of Object.entries(texts))
        i18n.addResourceBundle(language, 'translation', (bundles as { translation: object }).translation, true, true);
    });
    afterEach(() => {
      vi.unstubAllGlobals();
    });
    /** The language the app starts in for a browser that prefers `languages`, as main.tsx starts it. */
    async function startIn(languages: string[]): Promise<string> {
      vi.stubGlobal('navigator', { ...navigator, languages, language: languages[0] });
      await initI18n();
      // A new page would load the German texts afresh; here the texts of the earlier start are put back.
      i18n.addResourceBundle('de', 'translation', de, true, false);
      return i18n.language;
    }

    it('speaks the browser’s language when the portal has it; a choice made here wins from then on', async () => {
      expect(await startIn(['de-AT', 'de'])).toBe('de');
      const { user } = await renderRoute('/login');
      await screen.findByRole('button', { name: 'Anmelden' });
      await user.selectOptions(screen.getByLabelText('Sprache'), 'en');
      await screen.findByRole('button', { name: 'Login' });
      expect(await startIn(['de-AT', 'de'])).toBe('en');
      window.localStorage.clear();
      expect(await startIn(['fr-FR', 'fr'])).toBe('en');
    });
  });
});
