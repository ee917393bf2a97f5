import { create } from 'qrcode';

interface QrCodeProps {
  text: string;
  /** The accessible name: what scanning it opens. */
  label: string;
  className?: string;
}

/**
 * The QR code of `text` as an SVG drawn from qrcode's module matrix: crisp at
 * any size (full screen at a stand), no canvas, no markup from a string.
 */
export function QrCode({ text, label, className }: QrCodeProps) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const { size } = modules;
  const quiet = 4;
  let path = '';
  for (let row = 0; row < size; row += 1)
    for (let column = 0; column < size; column += 1)
      if (modules.get(row, column)) path += `M${column + quiet} ${row + quiet}h1v1h-1z`;
  return (
    <svg
      className={className}
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size + 2 * quiet} ${size + 2 * quiet}`}
      shapeRendering="crispEdges"
    >
      <rect width="100%" height="100%" fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
