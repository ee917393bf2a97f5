import { act, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from './session-context';
import { SessionVariant } from './session-variant';

const tree = (
  <SessionProvider>
    <SessionVariant loggedIn={<button>Logout</button>} loggedOut={<button>Login</button>} />
  </SessionProvider>
);

describe('session variants of a prerendered page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('holds both variants, keeps their very nodes through hydration and shows the stored one', async () => {
    const html = renderToString(tree);
    expect(html).toContain('Logout');
    expect(html).toContain('Login');

    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'token');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // A tap that starts the app began on this node; it must still be there when the tap ends.
    const buttons = [...container.querySelectorAll('button')];
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: recoverable });
    });

    expect([...container.querySelectorAll('button')]).toEqual(buttons);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
  });
});
