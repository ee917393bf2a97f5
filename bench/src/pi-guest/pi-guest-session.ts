// The site in a whole arm64 system of `memoryMb` (pi-guest.ts) that pulls
// the site's images from `registry`, where they were pushed, as a Pi with
// PORTFOLIO_IMAGES set does. The guest is reachable only through QEMU's
// forwards on 127.0.0.1, so inside it the web port is published on every
// address, and Mailpit's too (docker-compose.pi-guest.yml).
import path from 'node:path';
import { EngineSession } from '@portfolio/delivery/engine/engine-session';
import { bootPiGuest } from './pi-guest.ts';

export async function startPiGuestSession(
  log: (line: string) => void,
  options: { memoryMb: number; registry: string },
): Promise<EngineSession> {
  const guest = await bootPiGuest({ ...options, log });
  try {
    return await EngineSession.open(guest.engine, [], log, {
      parent: guest.share,
      overlay: path.join(import.meta.dirname, 'docker-compose.pi-guest.yml'),
      ports: guest.ports,
      env: {
        WEB_PORT: String(guest.ports.web),
        // Its loopback-only port, out of the forwarded one's way.
        MAILPIT_UI_PORT: '8025',
        MAILPIT_GUEST_PORT: String(guest.ports.mailpit),
        PORTFOLIO_IMAGES: `${guest.registry}/portfolio`,
        // Compose 1 gives up on an engine call after 60 s; the emulated
        // guest's dockerd takes longer to create a container when this
        // machine is busy.
        COMPOSE_HTTP_TIMEOUT: '600',
      },
      registry: guest.registry,
    });
  } catch (error) {
    await guest.engine.stop();
    throw error;
  }
}
