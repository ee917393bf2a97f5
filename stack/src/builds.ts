// Builds the API and the web bundle when their output is missing, so
// `make local` and `npm run bench` work from a fresh clone.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { apiMain, repoRoot, webDist } from './paths';

export function buildMissing(): void {
  const builds: Array<[string, string]> = [
    [apiMain, 'api'],
    [path.join(webDist, 'index.html'), 'web'],
  ];
  for (const [file, workspace] of builds) {
    if (existsSync(file)) continue;
    console.log(`Building ${workspace} (npm run build -w ${workspace}) ...`);
    execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
  }
}
