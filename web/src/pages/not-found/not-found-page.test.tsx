import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';

describe('unknown paths', () => {
  it('show a German 404 page with a way home', async () => {
    renderApp('/gibt-es-nicht');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Zur Startseite' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Baran Demir' })).toBeInTheDocument();
  });

  it('keep the header and footer around the page', async () => {
    renderApp('/irgendwo/tief');
    await screen.findByRole('heading', { name: 'Seite nicht gefunden' });
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
