// A minimal SMTP client (plain, no auth) to put a mail into the sink, the
// way the API's mailer does.
import net from 'node:net';

export function sendMail(port: number, from: string, to: string, message: string): Promise<void> {
  const commands = [
    `EHLO test`,
    `MAIL FROM:<${from}>`,
    `RCPT TO:<${to}>`,
    'DATA',
    `${message}\r\n.`,
    'QUIT',
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let buffer = '';
    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      // Each complete reply ends with a line "NNN text" (no dash after the code).
      const replies = buffer.split('\r\n');
      buffer = replies.pop() ?? '';
      for (const reply of replies) {
        if (/^\d{3}-/.test(reply)) continue;
        if (/^[45]/.test(reply)) {
          socket.destroy();
          reject(new Error(`SMTP error: ${reply}`));
          return;
        }
        const next = commands.shift();
        if (next !== undefined) socket.write(`${next}\r\n`);
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve());
  });
}
