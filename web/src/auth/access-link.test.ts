import { afterEach, describe, expect, it } from 'vitest';
import { claimAccessCode, takeAccessCode } from './access-link';
import { accessNameOf } from './access-name';

const tokenWith = (payload: object) =>
  `e30.${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}.sig`;

describe('access links', () => {
  afterEach(() => {
    claimAccessCode();
    history.replaceState(null, '', '/');
  });

  it('takes the code out of the address and the current history entry, and hands it over once', () => {
    history.replaceState({ idx: 0 }, '', '/protected?x=1#zugang=ABCD-EFGH');
    const length = history.length;
    takeAccessCode();
    expect(location.href).toBe(`${location.origin}/protected?x=1`);
    expect(history.length).toBe(length);
    expect(history.state).toEqual({ idx: 0 });
    expect(claimAccessCode()).toBe('ABCD-EFGH');
    expect(claimAccessCode()).toBeUndefined();
  });

  it('takes the code on the English page as well', () => {
    history.replaceState(null, '', '/en/protected#zugang=ABCD-EFGH');
    takeAccessCode();
    expect(location.href).toBe(`${location.origin}/en/protected`);
    expect(claimAccessCode()).toBe('ABCD-EFGH');
  });

  it('leaves other addresses alone', () => {
    history.replaceState(null, '', '/#zugang=ABCD');
    takeAccessCode();
    expect(location.hash).toBe('#zugang=ABCD');
    expect(claimAccessCode()).toBeUndefined();
  });

  it('reads the access name from a token, none from the shared login or garbage', () => {
    expect(accessNameOf(tokenWith({ sub: 'bewerbung', acc: 'x', name: 'Müller & Söhne' }))).toBe(
      'Müller & Söhne',
    );
    expect(accessNameOf(tokenWith({ sub: 'bewerbung' }))).toBeUndefined();
    expect(accessNameOf('kein.token')).toBeUndefined();
    expect(accessNameOf(null)).toBeUndefined();
  });
});
