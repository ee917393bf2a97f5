// The engine's own record of when each container of the run's project
// started and became healthy: `docker events`, followed from before the
// first `make up`. A container's inspect data keeps only its last start
// and its last five health probes, which say nothing about the order in
// which compose started the services.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { dockerCli, type Engine } from './docker-engine';

interface EventLine {
  Action: string;
  Actor: { Attributes: Record<string, string> };
  timeNano: number;
}

export class EngineEvents {
  private readonly seen: EventLine[] = [];
  private readonly stopFollowing: () => void;

  constructor(engine: Engine, project: string) {
    const follower = spawn(
      dockerCli,
      [
        'events',
        '--filter',
        `label=com.docker.compose.project=${project}`,
        '--filter',
        'event=start',
        '--filter',
        'event=health_status',
        '--format',
        '{{json .}}',
      ],
      { env: engine.env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    createInterface({ input: follower.stdout }).on('line', (line) =>
      this.seen.push(JSON.parse(line) as EventLine),
    );
    this.stopFollowing = () => follower.kill();
  }

  /** When `service` first did `action` ("start", "health_status: healthy"), in ms since the epoch. */
  first(service: string, action: string): number | undefined {
    const event = this.seen.find(
      (candidate) =>
        candidate.Action === action &&
        candidate.Actor.Attributes['com.docker.compose.service'] === service,
    );
    return event && event.timeNano / 1e6;
  }

  stop() {
    this.stopFollowing();
  }
}
