import type { ReactNode } from 'react';
import { useHydrated } from '../hydration/use-hydrated';
import { useSession } from './session-context';
import './session-variant.css';

interface SessionVariantProps {
  loggedIn: ReactNode;
  loggedOut: ReactNode;
  /** The wrapper's element, so block content is never wrapped in an inline one. */
  as?: 'span' | 'div';
}

/**
 * The stored session is unknown to the prerendered HTML and to the hydrating render, so both
 * variants are rendered then and CSS shows the one the pre-paint script marked on <html>:
 * a logged-in visitor sees Logout in the first painted frame. After hydration only one remains.
 */
export function SessionVariant({ loggedIn, loggedOut, as: Wrapper = 'span' }: SessionVariantProps) {
  const { isAuthenticated } = useSession();
  if (useHydrated()) return isAuthenticated ? loggedIn : loggedOut;
  return (
    <>
      <Wrapper className="session-variant" data-session="in">
        {loggedIn}
      </Wrapper>
      <Wrapper className="session-variant" data-session="out">
        {loggedOut}
      </Wrapper>
    </>
  );
}
