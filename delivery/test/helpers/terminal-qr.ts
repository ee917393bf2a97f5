// What a phone's camera reads from a QR code drawn in a terminal in the
// small form of npm qrcode (two modules a character: ▀ ▄ █ and space in the
// colours set by ANSI codes), as `make owner-setup` prints it.
import jsQR from 'jsqr';

const BLACK = 0;
const WHITE = 255;
const SCALE = 8;
const MARGIN = 4;

/** The modules of the drawn lines: true is black. A reset colour reads as white. */
function modules(lines: string[]): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of lines) {
    let foreground = WHITE;
    let background = WHITE;
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    // eslint-disable-next-line no-control-regex -- the terminal's colour codes start with ESC
    for (const [, codes, character] of line.matchAll(/\x1b\[([\d;]*)m|(.)/gu)) {
      if (codes !== undefined) {
        for (const code of codes.split(';').map(Number)) {
          if (code === 0) foreground = background = WHITE;
          if (code === 30) foreground = BLACK;
          if (code === 37) foreground = WHITE;
          if (code === 40) background = BLACK;
          if (code === 47) background = WHITE;
        }
        continue;
      }
      const [upper, lower] =
        character === '▀'
          ? [foreground, background]
          : character === '▄'
            ? [background, foreground]
            : character === '█'
              ? [foreground, foreground]
              : [background, background];
      top.push(upper === BLACK);
      bottom.push(lower === BLACK);
    }
    rows.push(top, bottom);
  }
  return rows;
}

/** The text of the QR code drawn in `output`'s lines that hold block characters. */
export function readTerminalQrCode(output: string): string | undefined {
  const drawn = output.split('\n').filter((line) => /[▀▄█]/.test(line));
  const grid = modules(drawn);
  const width = (Math.max(...grid.map((row) => row.length)) + 2 * MARGIN) * SCALE;
  const height = (grid.length + 2 * MARGIN) * SCALE;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(WHITE);
  grid.forEach((row, y) =>
    row.forEach((black, x) => {
      if (!black) return;
      for (let dy = 0; dy < SCALE; dy += 1)
        for (let dx = 0; dx < SCALE; dx += 1) {
          const at = (((y + MARGIN) * SCALE + dy) * width + (x + MARGIN) * SCALE + dx) * 4;
          pixels.fill(BLACK, at, at + 3);
        }
    }),
  );
  return jsQR(pixels, width, height)?.data;
}
