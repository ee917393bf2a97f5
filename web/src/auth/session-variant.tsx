import type { ReactNode } from 'react';
import './session-variant.css';

interface SessionVariantProps {
  loggedIn: ReactNode;
  loggedOut: ReactNode;
  /** The wrapper's element, so block content is never wrapped in an inline one. */
  as?: 'span' | 'div';
}

/**
 * The stored session is unknown to the prerendered HTML, so both variants are always rendered
 * and CSS shows the one marked on <html>: by the pre-paint script at load, so a logged-in visitor
 * sees Logout in the first painted frame, and by the session on every login and logout
 * (session-context.tsx). Never swapping one for the other at hydration keeps the node under a
 * visitor's finger: a tap that starts the app still lands on the control it began on.
 */
export function SessionVariant({ loggedIn, loggedOut, as: Wrapper = 'span' }: SessionVariantProps) {
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
