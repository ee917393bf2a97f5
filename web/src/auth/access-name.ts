// An access link's token names its access (docs/product.md#personal-access-links).

/** The token's claims, undefined for none or one that cannot be read. */
function claimsOf(token: string | null): Record<string, unknown> | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = new TextDecoder().decode(
      Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)),
    );
    return JSON.parse(json) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The access's name in a token from an access link; undefined for the shared login. */
export function accessNameOf(token: string | null): string | undefined {
  const name = claimsOf(token)?.name;
  return typeof name === 'string' && name ? name : undefined;
}

/** Whether the access's PDFs carry its name (docs/product.md#the-stamp): unless it says not. */
export const accessStampedOf = (token: string | null) => claimsOf(token)?.stamp !== false;
