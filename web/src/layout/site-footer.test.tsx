import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { owner } from '../content/owner';
import { renderApp } from '../test/render-app';

const footer = () => within(screen.getByRole('contentinfo'));

async function open(name: 'Impressum' | 'Datenschutz') {
  const user = userEvent.setup();
  renderApp('/');
  const trigger = footer().getByRole('button', { name });
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findAllByRole('heading', { level: 3 });
  return { user, dialog, trigger };
}

describe('footer', () => {
  it('shows the copyright line with the year 2025', () => {
    renderApp('/');
    expect(footer().getByText(`© 2025 ${owner.name}`)).toBeInTheDocument();
  });

  it('opens the Impressum with address, phone, e-mail, disclaimer, copyright and purpose', async () => {
    const { dialog } = await open('Impressum');
    expect(dialog).toHaveAccessibleName('Impressum');
    const text = within(dialog);
    expect(text.getByText(owner.street, { exact: false })).toBeInTheDocument();
    expect(text.getByRole('link', { name: owner.phone })).toHaveAttribute(
      'href',
      'tel:+41791234567',
    );
    expect(text.getByRole('link', { name: owner.email })).toHaveAttribute(
      'href',
      `mailto:${owner.email}`,
    );
    for (const heading of ['Haftungsausschluss', 'Urheberrechte', 'Zweck der Website']) {
      expect(text.getByRole('heading', { name: heading })).toBeInTheDocument();
    }
    expect(dialog).toHaveTextContent('Bewerbungen');
    expect(dialog).toHaveTextContent('keine kommerziellen Zwecke');
  });

  it('opens the privacy policy with its seven numbered sections', async () => {
    const { dialog } = await open('Datenschutz');
    expect(dialog).toHaveAccessibleName('Datenschutzerklärung');
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(headings).toEqual([
      '1. Allgemeines',
      '2. Verantwortliche Stelle',
      '3. Erhobene Daten',
      '4. Keine Weitergabe an Dritte',
      '5. Ihre Rechte',
      '6. Cookies',
      '7. Sicherheit',
    ]);
    for (const item of [
      'IP-Adresse',
      'Betriebssystem',
      'Referrer-URL',
      'Berichtigung',
      'Widerspruch',
    ]) {
      expect(dialog).toHaveTextContent(item);
    }
    expect(dialog).toHaveTextContent('keine Werbe- oder Tracking-Cookies');
  });

  it('says what is recorded for holders of an access link, why, and for how long', async () => {
    const { dialog } = await open('Datenschutz');
    for (const text of [
      'Persönliche Zugangslinks',
      'IP-Adresse und Browser werden in diesem Protokoll nicht gespeichert',
      'Zweck: Ich sehe, ob und wann meine Bewerbungsunterlagen angesehen wurden',
      'nach 180 Tagen gelöscht',
      'spätestens 30 Tage nach Ablauf des Zugangs',
    ])
      expect(dialog).toHaveTextContent(text);
  });

  it('says that backups exist, what they hold, where the encrypted copies go and that old ones are deleted', async () => {
    const { dialog } = await open('Datenschutz');
    for (const text of [
      'Sicherungskopien',
      'Zugriffsprotokoll der persönlichen Zugangslinks',
      'Kontaktanfragen, die noch auf den Versand warten',
      'Posteingang',
      'bei einem Speicherdienst ab, den ich selbst gewählt habe',
      'verschlüsselt, bevor sie den Server verlässt, so dass nur ich sie lesen kann',
      'auf dem Server wie beim Speicherdienst',
      'es bleiben nur die sieben neuesten',
    ])
      expect(dialog).toHaveTextContent(text);
  });

  it('closes by the X button and gives focus back to the footer link', async () => {
    const { user, dialog, trigger } = await open('Impressum');
    await user.click(within(dialog).getByRole('button', { name: 'Schliessen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();
  });

  it('closes by Escape', async () => {
    const { user } = await open('Datenschutz');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes by a click on the backdrop, not by a click on the content', async () => {
    const { user, dialog } = await open('Impressum');
    await user.click(within(dialog).getByRole('heading', { name: 'Urheberrechte' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(document.querySelector('.dialog-backdrop')!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves focus into the dialog and keeps it there', async () => {
    const { user, dialog } = await open('Impressum');
    const close = within(dialog).getByRole('button', { name: 'Schliessen' });
    expect(close).toHaveFocus();
    const links = within(dialog).getAllByRole('link');
    links.at(-1)!.focus();
    await user.tab();
    expect(close).toHaveFocus();
  });
});
