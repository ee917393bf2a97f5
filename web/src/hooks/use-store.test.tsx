import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { createStore, useStore, type Store } from './use-store';

function Shown({ store }: { store: Store<string> }) {
  return <p>{useStore(store)}</p>;
}

describe('a store read by a part that hydrates after it changed', () => {
  it('hydrates with the value the HTML shows, then shows the current one', async () => {
    const store = createStore('modern');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(<Shown store={store} />);

    store.set(() => 'classic');
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Shown store={store} />, { onRecoverableError: recoverable });
    });

    expect(container).toHaveTextContent('classic');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });
});
