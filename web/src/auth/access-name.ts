// An access link's token names its access (docs/product.md#personal-access-links).

/** The access's name in a token from an access link; undefined for the shared login. */
export function accessNameOf(token: string | null): string | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    const { name } = JSON.parse(json) as { name?: unknown };
    return typeof name === 'string' && name ? name : undefined;
  } catch {
    return undefined;
  }
}
