import { JwtService } from '@nestjs/jwt';
import { craftToken, nowSeconds } from '../../test/support/tokens';
import { OWNER_TOKEN_SECONDS, OwnerTokens } from './owner-token';

describe('OwnerTokens', () => {
  const tokens = new OwnerTokens(new JwtService());
  const claims = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;

  it('gives a 15-minute token naming the passkey, and takes it back until logged out', async () => {
    const { token, expiresIn } = await tokens.issue('passkey-1');
    expect(expiresIn).toBe(900);
    const verified = await tokens.verify(token);
    expect(verified).toEqual({
      passkeyId: 'passkey-1',
      tokenId: claims(token).jti,
      expiresAt: claims(token).exp,
    });
    tokens.end(verified!);
    expect(await tokens.verify(token)).toBeUndefined();
    expect(await tokens.verify((await tokens.issue('passkey-1')).token)).toBeDefined();
  });

  it('refuses a token claiming a longer life, even signed with its own key', async () => {
    const { token } = await tokens.issue('passkey-1');
    const iat = nowSeconds();
    const longer = (seconds: number) =>
      craftToken({ ...claims(token), iat, exp: iat + seconds }, tokens['key']);
    expect(await tokens.verify(longer(OWNER_TOKEN_SECONDS))).toBeDefined();
    expect(await tokens.verify(longer(OWNER_TOKEN_SECONDS + 1))).toBeUndefined();
    expect(await tokens.verify(longer(365 * 86_400))).toBeUndefined();
    const withoutIssued = { ...claims(token), iat: undefined };
    expect(await tokens.verify(craftToken(withoutIssued, tokens['key']))).toBeUndefined();
  });

  it("refuses another process's tokens: each has a key of its own", async () => {
    const { token } = await new OwnerTokens(new JwtService()).issue('passkey-1');
    expect(await tokens.verify(token)).toBeUndefined();
  });
});
