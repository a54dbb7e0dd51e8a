// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../../api/messages.ts';
import { BUILT_IN_THEMES, type Theme, type ThemeValues } from '../../../../api/themes.ts';
import { serverMessagesFr } from '../../i18n/server-messages-fr.ts';
import { fakeApi } from '../../test-support/fake-api.ts';
import { en, renderScreen } from '../../test-support/render-screen.tsx';
import { AdminScreen } from './admin-screen.tsx';

const shipped = (id: number, key: 'dam' | 'harbour', isDefault: boolean): Theme => ({
  id,
  builtIn: key,
  isDefault,
  ...(BUILT_IN_THEMES[key] as ThemeValues),
  version: 'v1',
  hasLogo: false,
  thumbnailSource: 'rendered',
});
const THEMES = [shipped(1, 'dam', true), shipped(2, 'harbour', false)];

/** The custom properties the live preview's own Chakra system puts on the preview box, from the page's styles. */
const previewCss = () =>
  [...document.querySelectorAll('style')]
    .map((style) => style.textContent ?? '')
    .filter((text) => text.includes('[data-theme-preview]'))
    .join('\n');

describe('R-THEMES: the Theme manager', () => {
  it('lists the shipped themes with their thumbnails; a colour changed shows in the preview and its contrast, and a failing pair is refused before any save', async () => {
    const { calls } = fakeApi({
      'GET /admin/themes': THEMES,
      'POST /admin/themes': { status: 201, body: { ...THEMES[1], id: 3, builtIn: null, name: 'Ocean' } },
    });
    renderScreen(<AdminScreen section="themes" />);
    const thumbnail = (await screen.findByAltText(
      en('theme.thumbnailOf', { name: 'Harbour' }),
    )) as HTMLImageElement;
    expect(thumbnail.src).toContain('/api/v1/themes/2/thumbnail?v=v1');
    // A built-in theme is copied, never edited.
    expect(screen.queryByRole('button', { name: en('theme.edit', { name: 'Harbour' }) })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: en('theme.copy', { name: 'Harbour' }) }));
    const editor = within(await screen.findByRole('form', { name: en('theme.new') }));
    fireEvent.change(editor.getByRole('textbox', { name: /^Name/ }), { target: { value: 'Ocean' } });
    const preview = editor.getByRole('region', { name: en('theme.preview') });
    await waitFor(() => expect(previewCss()).toContain('#1e40af'));

    const brand = editor.getByRole('textbox', {
      name: `${en('theme.colour.brand')} (${en('theme.mode.light')})`,
    });
    fireEvent.change(brand, { target: { value: '#8fa9f0' } });
    await waitFor(() => expect(previewCss()).toContain('#8fa9f0'));
    expect(previewCss()).not.toContain('#1e40af');
    const pair = editor.getByText(
      en('theme.pair', {
        mode: en('theme.mode.light'),
        text: en('theme.colour.brandText'),
        on: en('theme.colour.brand'),
      }),
    ).parentElement as HTMLElement;
    expect(within(pair).getByText(/too low/)).toBeTruthy();
    fireEvent.click(editor.getByRole('button', { name: en('app.create') }));
    expect(await editor.findByText(MESSAGES.themeContrast)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(brand, { target: { value: '#1e3a8a' } });
    fireEvent.click(editor.getByRole('button', { name: en('theme.mode.dark') }));
    await waitFor(() => expect(preview.getAttribute('data-mode')).toBe('dark'));
    fireEvent.click(editor.getByRole('button', { name: en('app.create') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({
        name: 'Ocean',
        headingFont: 'serif',
        density: 'compact',
        light: { brand: '#1e3a8a', brandText: '#ffffff' },
        dark: BUILT_IN_THEMES.harbour?.dark,
      }),
    );
  });

  it('shows the server’s contrast refusal in French', async () => {
    fakeApi({
      'GET /admin/themes': THEMES,
      'POST /admin/themes': {
        status: 400,
        body: {
          error: {
            code: 'invalid_input',
            message: 'Invalid input',
            user_message: MESSAGES.themeContrast,
            fields: { 'light.link': MESSAGES.themeContrast },
          },
        },
      },
    });
    renderScreen(<AdminScreen section="themes" />, { language: 'fr' });
    fireEvent.click(await screen.findByRole('button', { name: 'Nouveau thème' }));
    const editor = within(await screen.findByRole('form', { name: 'Nouveau thème' }));
    fireEvent.change(editor.getByRole('textbox', { name: /^Nom/ }), { target: { value: 'Mer' } });
    fireEvent.click(editor.getByRole('button', { name: 'Créer' }));
    expect(await editor.findByText(serverMessagesFr.themeContrast)).toBeTruthy();
  });
});

describe('R-THEME-ORGANIZER: the Theme organizer', () => {
  it('assigns the default theme and a workspace’s', async () => {
    const { calls } = fakeApi({
      'GET /admin/themes': THEMES,
      'GET /admin/theme-organizer': {
        defaultThemeId: 1,
        workspaces: [{ id: 7, name: 'Marketing', themeId: null }],
      },
      'PUT /admin/theme-organizer': { ok: true },
    });
    renderScreen(<AdminScreen section="themeOrganizer" />);
    const marketing = (await screen.findByRole('combobox', {
      name: en('themeOrganizer.theme', { name: 'Marketing' }),
    })) as HTMLSelectElement;
    expect(marketing.value).toBe('');
    fireEvent.change(marketing, { target: { value: '2' } });
    fireEvent.change(screen.getByRole('combobox', { name: en('themeOrganizer.default') }), {
      target: { value: '2' },
    });
    fireEvent.click(screen.getByRole('button', { name: en('app.save') }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        defaultThemeId: 2,
        workspaces: [{ id: 7, themeId: 2 }],
      }),
    );
  });
});
