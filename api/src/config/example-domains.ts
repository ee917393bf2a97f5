// The domains RFC 2606 keeps for examples: a mail address there reaches
// nobody. `.env.example` ships its mail addresses at example.com, for
// Mailpit and make local's sink; behind a real mail server they are a
// placeholder left in place (docs/operations.md, "Mail").
const EXAMPLE_DOMAIN = /(^|\.)(example\.(com|net|org)|example|test|invalid|localhost)$/i;

/** The domain of `address` ("name@host" or "Name <name@host>") when it is reserved for examples. */
export function exampleDomainOf(address: string): string | undefined {
  const domain = /@([^\s@<>]+)>?\s*$/.exec(address)?.[1];
  return domain && EXAMPLE_DOMAIN.test(domain) ? domain.toLowerCase() : undefined;
}
