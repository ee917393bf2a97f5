// An error's own words for a log line or a refusal, whatever was thrown.
export const messageOf = (error: unknown) =>
  error instanceof Error ? error.message : String(error);
