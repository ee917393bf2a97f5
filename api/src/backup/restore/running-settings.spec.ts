import { parseEnv } from 'node:util';
import { keepRunning } from './running-settings';

const here = { PORTFOLIO_IMAGES: 'ghcr.io/anna/portfolio', PORTFOLIO_TAG: 'v2' };

describe('keepRunning', () => {
  it('leaves a .env that already says what runs here byte for byte', () => {
    const text = 'JWT_SECRET=x\nPORTFOLIO_TAG=v2\nPORTFOLIO_IMAGES=ghcr.io/anna/portfolio\n';
    expect(keepRunning(text, here)).toEqual({ text, kept: [] });
  });

  it.each([
    ['a plain line', 'PORTFOLIO_IMAGES=ghcr.io/evil/p\n'],
    ["Compose's colon form", 'PORTFOLIO_IMAGES: ghcr.io/evil/p\n'],
    ['export glued to the name', 'exportPORTFOLIO_IMAGES=ghcr.io/evil/p\n'],
    ['a line inside backticks', 'X=`\nPORTFOLIO_IMAGES=ghcr.io/evil/p\nY=`\n'],
    ['a CRLF line', 'PORTFOLIO_IMAGES=ghcr.io/evil/p\r\n'],
    ['the project name', 'COMPOSE_PROJECT_NAME=leer\n'],
  ])('takes away what the archive set in %s, keeping this computer’s', (_, archived) => {
    const { text, kept } = keepRunning(`JWT_SECRET=x\n${archived}`, here);
    expect(text).not.toMatch(/evil|leer/);
    expect(kept.length).toBeGreaterThan(0);
    expect(parseEnv(text)).toMatchObject({ JWT_SECRET: 'x', ...here });
  });
});
