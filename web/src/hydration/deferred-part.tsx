import {
  memo,
  Suspense,
  use,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { openPart, partGate, partHydrated, watchPart } from './part-schedule';
import { useHydrated } from './use-hydrated';

interface DeferredPartProps {
  /** The id of the part's outermost element. */
  id: string;
  component: ComponentType;
}

/**
 * A part of a prerendered page that hydrates on its own, when part-schedule.ts opens its gate;
 * rendered by the client at once. React can update a part only once it has hydrated: an update
 * that reaches it earlier makes React hydrate it first, or throw its HTML away if its gate is
 * still closed. So no update comes through here: no children, memoised, its own re-renders
 * (hydration ending, a new address) hand down the very same element, and the app's state
 * reaches the part through stores that leave context values as they are (use-store.ts). A new
 * address, which reaches it through the router's context all the same, opens its gate first.
 */
export const DeferredPart = memo(function DeferredPart({ id, component }: DeferredPartProps) {
  const location = useLocation();
  const [firstLocation] = useState(location);
  if (location !== firstLocation) openPart(id);
  // Fixed when it mounts: hydrating the page's HTML, or rendered by the client.
  const [waits] = useState(!useHydrated());
  useEffect(() => watchPart(id), [id]);
  return useMemo(() => {
    const Part = component;
    return (
      <Suspense>
        <Gate id={id} waits={waits}>
          <Part />
        </Gate>
      </Suspense>
    );
  }, [id, component, waits]);
});

function Gate({ id, waits, children }: { id: string; waits: boolean; children: ReactNode }) {
  if (waits) use(partGate(id));
  useEffect(() => partHydrated(id), [id]);
  return children;
}
