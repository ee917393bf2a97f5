import { act, fireEvent, screen } from '@testing-library/react';
import { useEffect, type ComponentType } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useNavigate } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The schedule keeps its gates for the page's life: each test loads it afresh.
type Modules = [typeof import('./deferred-part'), typeof import('./part-schedule')];
const load = async (): Promise<Modules> =>
  Promise.all([import('./deferred-part'), import('./part-schedule')]);

/** What each part has done: run its effects (hydrated, or rendered by the client), been clicked. */
let log: string[] = [];

/** A part: a section whose effect says it has hydrated, with a button. */
function part(id: string): ComponentType {
  return function Part() {
    useEffect(() => void log.push(`${id} runs`), []);
    return (
      <section id={id}>
        <button type="button" onClick={() => log.push(`${id} clicked`)}>
          {id}
        </button>
      </section>
    );
  };
}

const PARTS = { top: part('top'), middle: part('middle'), bottom: part('bottom') };

function Elsewhere() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/?anders')}>
      woandershin
    </button>
  );
}

function page({ DeferredPart }: Modules[0]) {
  return (
    <MemoryRouter>
      <Elsewhere />
      {Object.entries(PARTS).map(([id, component]) => (
        <DeferredPart key={id} id={id} component={component} />
      ))}
    </MemoryRouter>
  );
}

/** Stands in for the browser's observer; `approach` brings parts near the viewport. */
function fakeViewport() {
  const watched = new Map<Element, IntersectionObserverCallback>();
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(private readonly callback: IntersectionObserverCallback) {}
      observe(element: Element) {
        watched.set(element, this.callback);
      }
      disconnect() {}
    },
  );
  return {
    approach: (...ids: string[]) =>
      act(async () => {
        for (const id of ids) {
          const element = document.getElementById(id)!;
          const entry = {
            isIntersecting: true,
            target: element,
          } as unknown as IntersectionObserverEntry;
          watched.get(element)?.([entry], {} as IntersectionObserver);
        }
      }),
  };
}

/** Idle time that comes only when the test says so. */
function fakeIdleTime() {
  const callbacks: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => callbacks.push(callback));
  return {
    comes: () =>
      act(async () => {
        for (const callback of callbacks.splice(0)) {
          callback({ didTimeout: false, timeRemaining: () => 50 });
        }
      }),
  };
}

/** The prerendered page, hydrated the way start-app.tsx does it. */
async function hydratePrerendered() {
  const modules = await load();
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = renderToString(page(modules[0]));
  const recoverable = vi.fn();
  modules[1].holdParts();
  await act(async () => {
    hydrateRoot(container, page(modules[0]), { onRecoverableError: recoverable });
  });
  return { recoverable };
}

let viewport: ReturnType<typeof fakeViewport>;
let idleTime: ReturnType<typeof fakeIdleTime>;

beforeEach(() => {
  vi.resetModules();
  log = [];
  viewport = fakeViewport();
  idleTime = fakeIdleTime();
});

afterEach(() => {
  document.body.replaceChildren();
});

describe('parts of a prerendered page', () => {
  it('hydrate one at a time as they near the viewport; one never reached keeps its HTML', async () => {
    const { recoverable } = await hydratePrerendered();
    const prerendered = screen.getAllByRole('button');
    expect(log).toEqual([]);

    await viewport.approach('middle', 'bottom');
    expect(log).toEqual(['middle runs', 'bottom runs']);

    // An idle browser hydrates nothing more: the top part was never near.
    await idleTime.comes();
    expect(log).toEqual(['middle runs', 'bottom runs']);
    // The very elements of the HTML: hydrated, not rendered anew.
    screen
      .getAllByRole('button')
      .forEach((button, index) => expect(button).toBe(prerendered[index]));
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('keep their HTML until then, and a tap before then reaches its part', async () => {
    const { recoverable } = await hydratePrerendered();
    expect(screen.getByRole('button', { name: 'bottom' })).toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'bottom' }));
    });
    expect(log).toEqual(['bottom runs', 'bottom clicked']);
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('all hydrate first when the address changes, their HTML kept', async () => {
    const { recoverable } = await hydratePrerendered();
    const top = screen.getByRole('button', { name: 'top' });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'woandershin' }));
    });
    expect([...log].sort()).toEqual(['bottom runs', 'middle runs', 'top runs']);
    expect(screen.getByRole('button', { name: 'top' })).toBe(top);
    expect(recoverable).not.toHaveBeenCalled();
  });
});

describe('parts of a page the client renders', () => {
  it('render at once, nothing held back', async () => {
    const [{ DeferredPart }] = await load();
    const container = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      createRoot(container).render(page({ DeferredPart } as Modules[0]));
    });
    expect(log).toEqual(['top runs', 'middle runs', 'bottom runs']);
  });
});
