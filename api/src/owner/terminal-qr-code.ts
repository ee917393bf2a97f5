// The setup link as a QR code in the terminal, so the phone scans it from
// the SSH window instead of the owner typing 90 characters. qrcode's small
// form draws two modules per character: 23 lines by 43 columns for a setup
// link, where the full form is 86 columns wide, more than many windows.
import { toString } from 'qrcode';

export function terminalQrCode(text: string): Promise<string> {
  return toString(text, { type: 'terminal', small: true, errorCorrectionLevel: 'M' });
}
