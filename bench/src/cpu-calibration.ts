// Lighthouse's mobile profile slows the CPU four times, a figure chosen for a host of its high-end
// desktop class, so that the page runs as on a mid-tier phone. On a slower host the same 4x
// emulates a slower phone than that; Lighthouse's docs ask to calibrate the slowdown from the
// benchmarkIndex it measures on the host (docs/throttling.md in the Lighthouse repository,
// "Calibrating the CPU slowdown"). These are the steps of the calculator those docs link to:
// index 1533 is 4x, 1300 is 3x, 800 is 2x, 150 is 1x, linear between them.
const STEPS: Array<[index: number, slowdown: number, indexPerStep: number]> = [
  [1300, 3, 233],
  [800, 2, 500],
  [150, 1, 650],
];

/** The CPU slowdown that makes a host of this benchmarkIndex run pages as Lighthouse's phone. */
export function calibratedSlowdown(benchmarkIndex: number): number {
  const step = STEPS.find(([index]) => benchmarkIndex >= index);
  // A host weaker than the phone itself cannot be sped up.
  if (!step) return 1;
  const [index, slowdown, indexPerStep] = step;
  return Math.round((slowdown + (benchmarkIndex - index) / indexPerStep) * 10) / 10;
}
