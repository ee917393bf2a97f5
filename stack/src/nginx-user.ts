// Who nginx's workers run as. Started by root, nginx hands requests to
// workers running as `nobody`, who cannot read a checkout inside a private
// (0700) folder such as /root or a `mktemp -d` directory. The launcher
// therefore runs them as the owner of the checkout, and stops with one line
// when that user still cannot reach a folder nginx must serve.
import { execFileSync } from 'node:child_process';
import { statSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

function nameOf(database: 'passwd' | 'group', id: number): string {
  return execFileSync('getent', [database, String(id)])
    .toString()
    .split(':')[0];
}

/** The first folder from / down to `dir` that `uid` may not enter, if any. */
function blockingFolder(dir: string, uid: number, gid: number): string | undefined {
  const chain: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (current === path.dirname(current)) break;
  }
  return chain.find((folder) => {
    const { mode, uid: owner, gid: group } = statSync(folder);
    const bits = owner === uid ? mode >> 6 : group === gid ? mode >> 3 : mode;
    return (bits & 0o1) === 0;
  });
}

/** nginx arguments naming the workers' user; none unless started as root. */
export function workerUserArgs(servedDirs: string[]): string[] {
  if (process.getuid?.() !== 0) return [];
  const { uid, gid } = statSync(repoRoot);
  const user = nameOf('passwd', uid);
  if (uid !== 0) {
    for (const dir of servedDirs) {
      const blocked = blockingFolder(dir, uid, gid);
      if (blocked)
        throw new Error(
          `nginx's workers run as ${user} (owner of the checkout) and cannot enter ${blocked}: run \`chmod o+x ${blocked}\` or clone the repository into a folder ${user} can reach.`,
        );
    }
  }
  return ['-g', `user ${user} ${nameOf('group', gid)};`];
}
