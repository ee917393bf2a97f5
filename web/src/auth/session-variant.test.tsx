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

  it('holds both variants in the HTML, then hydrates to the stored one without an error', async () => {
    const html = renderToString(tree);
    expect(html).toContain('Logout');
    expect(html).toContain('Login');

    localStorage.setItem('isAuthenticated', 'true');
    localStorage.setItem('token', 'token');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, tree, { onRecoverableError: recoverable });
    });

    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
  });
});
