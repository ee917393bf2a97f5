// The backup tool run in-process as the owner runs it: what it printed, and its one line of
// failure if it failed, as the command line would show them.
import { describeBackupError, runBackupCommand } from '../../src/backup/backup.cli';

export interface ToolRun {
  lines: string[];
  error?: string;
}

export async function runBackupTool(args: string[], env: Record<string, string>): Promise<ToolRun> {
  const lines: string[] = [];
  try {
    await runBackupCommand(args, env, (line) => lines.push(line));
    return { lines };
  } catch (error) {
    return { lines, error: describeBackupError(error as Error) };
  }
}
