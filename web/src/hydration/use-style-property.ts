import { useLayoutEffect, useRef } from 'react';

/**
 * Sets one CSS property from script instead of a `style` attribute: the prerendered HTML must
 * not carry style attributes, which the Content-Security-Policy (style-src 'self') blocks.
 */
export function useStyleProperty<T extends HTMLElement>(name: string, value: string) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    ref.current?.style.setProperty(name, value);
  }, [name, value]);
  return ref;
}
