// The containers' peak memory under the Pi's limits, as the engine suite
// measured it (delivery/test/engine/limits.checks.ts): a burst of visitors
// on `/`, ten documents.zip at once and a storm of wrong logins, with the
// engine enforcing each container's memory limit. The bench runs no engine
// itself; it shows the engine suite's latest figures beside the limits
// (ENGINE_BURST_FILE, stack/src/measurements.ts).
import { readEngineBurst } from '@portfolio/stack';
import type { Row } from './report.ts';

export async function engineBurstRows(): Promise<Row[]> {
  const burst = await readEngineBurst();
  if (!burst)
    return [
      {
        figure: 'Container peak memory under a burst (engine suite)',
        measured: 'not measured yet: npm run test:engine -w delivery',
        reference: '-',
        comparison: '-',
        goal: '< limit',
        met: null,
      },
    ];
  return burst.rows.map((row) => ({
    figure: `${row.service}: peak memory under a burst (engine suite, ${burst.at.slice(0, 16)}, ${Math.round(burst.requestsPerSecond)} req/s)`,
    measured: `${row.peakMb} MB`,
    reference: `${row.limitMb} MB (mem_limit)`,
    comparison: `${Math.round((100 * row.peakMb) / row.limitMb)} %`,
    goal: '< limit',
    met: row.peakMb < row.limitMb,
  }));
}
