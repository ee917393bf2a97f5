import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../test/fetch-stub';
import { renderApp } from '../test/render-app';
import { expectLinkNames } from '../test/link-names';

const header = () => within(screen.getByRole('banner'));
const burger = () => header().getByRole('button', { name: /^Menü/ });
const loginPanel = () => screen.queryByRole('dialog', { name: 'Login' });

describe('header', () => {
  it('shows the logo with the name, all six navigation links and the language switch', () => {
    renderApp('/');
    expect(header().getByRole('link', { name: /Baran Demir/ })).toHaveAttribute('href', '/#home');
    const nav = within(screen.getByRole('navigation', { name: 'Hauptnavigation' }));
    expectLinkNames(nav.getAllByRole('link'), [
      'Startseite',
      'Über mich',
      'Schule',
      'Projekte',
      'Dokumente (gesperrt)',
      'Kontakt',
      'English',
    ]);
  });

  it('names the logo link with its visible text, initials and name apart', () => {
    renderApp('/');
    const logo = header().getByRole('link', { name: /zur Startseite$/ });
    expect(logo).toHaveTextContent('BD Baran Demir', { normalizeWhitespace: false });
    expect(logo).toHaveAccessibleName('BD Baran Demir, zur Startseite');
  });

  it('toggles the burger menu with a German label and aria-expanded', async () => {
    const user = userEvent.setup();
    renderApp('/');
    expect(burger()).toHaveAccessibleName('Menü öffnen');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    await user.click(burger());
    expect(burger()).toHaveAccessibleName('Menü schliessen');
    expect(burger()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toHaveAttribute(
      'data-open',
      'true',
    );
    await user.click(burger());
    expect(burger()).toHaveAccessibleName('Menü öffnen');
  });

  it('closes an open menu with Escape and gives focus back to the burger', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(burger());
    await user.click(screen.getByRole('link', { name: 'Schule' }));
    await user.click(burger());
    screen.getByRole('link', { name: 'Kontakt' }).focus();
    await user.keyboard('{Escape}');
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(burger()).toHaveFocus();
  });

  it('toggles the login panel with Login and closes it with Abbrechen', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const login = header().getByRole('button', { name: 'Login' });
    expect(login).not.toHaveAttribute('aria-controls');
    await user.click(login);
    expect(loginPanel()).toBeInTheDocument();
    expect(login).toHaveAttribute('aria-expanded', 'true');
    expect(login).toHaveAttribute('aria-controls', loginPanel()!.id);
    expect(within(loginPanel()!).getByPlaceholderText('Benutzername')).toHaveFocus();
    await user.click(within(loginPanel()!).getByRole('button', { name: 'Abbrechen' }));
    expect(loginPanel()).not.toBeInTheDocument();
    expect(login).not.toHaveAttribute('aria-controls');
    await user.click(login);
    await user.click(login);
    expect(loginPanel()).not.toBeInTheDocument();
  });

  it('closes the login panel with Escape and returns focus to Login', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(header().getByRole('button', { name: 'Login' }));
    await user.keyboard('{Escape}');
    expect(loginPanel()).not.toBeInTheDocument();
    expect(header().getByRole('button', { name: 'Login' })).toHaveFocus();
  });

  it('keeps Tab inside the open login panel', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(header().getByRole('button', { name: 'Login' }));
    const panel = within(loginPanel()!);
    panel.getByRole('button', { name: 'Abbrechen' }).focus();
    await user.tab();
    expect(panel.getByPlaceholderText('Benutzername')).toHaveFocus();
    await user.tab({ shift: true });
    expect(panel.getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
  });

  it('opening the menu closes the login form; choosing a link closes both', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(header().getByRole('button', { name: 'Login' }));
    expect(loginPanel()).toBeInTheDocument();
    await user.click(burger());
    expect(loginPanel()).not.toBeInTheDocument();
    expect(burger()).toHaveAttribute('aria-expanded', 'true');

    await user.click(screen.getByRole('link', { name: 'Kontakt' }));
    expect(burger()).toHaveAttribute('aria-expanded', 'false');
    expect(loginPanel()).not.toBeInTheDocument();
  });

  it('logs in from the panel: closes it, shows Logout and the open lock', async () => {
    stubFetch(() => json({ success: true, token: 'jwt' }));
    const user = userEvent.setup();
    renderApp('/');
    await user.click(header().getByRole('button', { name: 'Login' }));
    const panel = within(loginPanel()!);
    await user.type(panel.getByPlaceholderText('Benutzername'), 'bewerbung');
    await user.type(panel.getByPlaceholderText('Passwort'), 'geheim');
    await user.click(panel.getByRole('button', { name: 'Login' }));

    expect(await header().findByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(loginPanel()).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dokumente (entsperrt)' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('jwt');
  });

  it('logs out with Logout: clears the storage and navigates to /', async () => {
    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'jwt');
    stubFetch(() => json([]));
    const user = userEvent.setup();
    renderApp('/all-projects');
    await screen.findByRole('heading', { name: 'Alle Projekte' });
    await user.click(header().getByRole('button', { name: 'Logout' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(localStorage.getItem('isAuthenticated')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(header().getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dokumente (gesperrt)' })).toBeInTheDocument();
  });

  it('switches the theme between Klassisch and Modern, default modern', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/');
    const wrapper = container.querySelector('.app')!;
    expect(document.documentElement).toHaveAttribute('data-theme', 'modern');
    expect(wrapper).toHaveClass('theme-modern');
    await user.click(header().getByRole('button', { name: 'Klassisch' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'classic');
    expect(wrapper).toHaveClass('theme-classic');
    expect(wrapper).not.toHaveClass('theme-modern');
    await user.click(header().getByRole('button', { name: 'Modern' }));
    expect(document.documentElement).toHaveAttribute('data-theme', 'modern');
    expect(wrapper).toHaveClass('theme-modern');
  });

  it('plays the theme overlay on each switch only', async () => {
    const user = userEvent.setup();
    const { container } = renderApp('/');
    const overlay = () => container.querySelector('.theme-overlay')!;
    expect(overlay()).not.toHaveClass('theme-overlay--fade');
    expect(overlay()).toHaveAttribute('aria-hidden', 'true');
    await user.click(header().getByRole('button', { name: 'Klassisch' }));
    expect(overlay()).toHaveClass('theme-overlay--fade');
    expect(overlay()).toHaveAttribute('data-theme-overlay', 'classic');
  });

  it('keeps the theme in memory only: a new start is modern again', async () => {
    const user = userEvent.setup();
    const first = renderApp('/');
    await user.click(header().getByRole('button', { name: 'Klassisch' }));
    first.unmount();
    act(() => undefined);
    renderApp('/');
    expect(document.documentElement).toHaveAttribute('data-theme', 'modern');
    expect(localStorage.length).toBe(0);
  });
});
