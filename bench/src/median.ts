/** The middle value (the upper one of an even count): what the bench reports of repeated measurements. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
