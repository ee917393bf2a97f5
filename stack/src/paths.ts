// Fixed locations inside the repository, resolved from this file so the
// launcher works from any working directory.
import path from 'node:path';

export const repoRoot = path.resolve(__dirname, '..', '..');
export const apiDir = path.join(repoRoot, 'api');
export const apiMain = path.join(apiDir, 'dist', 'main.js');
export const webDist = path.join(repoRoot, 'web', 'dist');
export const nginxDir = path.join(repoRoot, 'nginx');
export const nginxDefaultsFile = path.join(nginxDir, 'defaults.env');
export const envFile = path.join(repoRoot, '.env');
