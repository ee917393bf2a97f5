// The network of the suite's own dockerd, made so that it can run beside
// the machine's own Docker engine without touching it: a bridge of its own
// (not docker0), an address range no route of the machine uses, and
// iptables rules in a chain of its own. The suite's dockerd runs with
// --iptables=false, so it never creates, flushes or reorders Docker's
// chains (DOCKER, DOCKER-USER, DOCKER-ISOLATION-*), which the machine's
// engine owns; the suite's chain gives its containers what Docker's chains
// would (forwarding and masquerading to reach the npm registry during a
// build), and published ports go through docker-proxy on 127.0.0.1.
import { readFileSync, writeFileSync } from 'node:fs';
import { mustRun, run } from './command-run';

export const BRIDGE = 'portfolio-eng0';
const CHAIN = 'PORTFOLIO-ENGINE';
const FORWARD_SYSCTL = '/proc/sys/net/ipv4/ip_forward';

export interface EngineNetwork {
  /** The dockerd options that put the engine on this network. */
  daemonArgs: string[];
  /** Removes the bridge and the chain, and ip_forward as it was. */
  remove(): void;
}

interface Route {
  dst: string;
}

function toNumber(address: string): number {
  return address.split('.').reduce((value, part) => value * 256 + Number(part), 0);
}

function overlaps(a: string, b: string): boolean {
  const range = (cidr: string) => {
    const [address, bits = '32'] = cidr.split('/');
    const size = 2 ** (32 - Number(bits));
    const start = Math.floor(toNumber(address) / size) * size;
    return [start, start + size - 1];
  };
  const [aStart, aEnd] = range(a);
  const [bStart, bEnd] = range(b);
  return aStart <= bEnd && bStart <= aEnd;
}

/** A /16 in 10.0.0.0/8 that no route of the machine touches. */
function freeRange(): string {
  const routes = (
    JSON.parse(mustRun('ip', ['-j', '-4', 'route', 'show', 'table', 'all'])) as Route[]
  )
    .map((route) => (route.dst === 'default' ? undefined : route.dst))
    .filter((dst): dst is string => !!dst && /^\d/.test(dst));
  for (let second = 213; second < 250; second++) {
    const candidate = `10.${second}.0.0/16`;
    if (!routes.some((route) => overlaps(route, candidate))) return candidate;
  }
  throw new Error('no free 10.x.0.0/16 for the engine suite’s network');
}

function iptables(args: string[]) {
  return run('iptables', ['-w', ...args]);
}

/** The chain and its jumps, gone (also what a killed run left). */
function removeChain() {
  for (const [table, hook] of [
    ['filter', 'FORWARD'],
    ['nat', 'POSTROUTING'],
  ]) {
    while (iptables(['-t', table, '-D', hook, '-j', CHAIN]).status === 0);
    iptables(['-t', table, '-F', CHAIN]);
    iptables(['-t', table, '-X', CHAIN]);
  }
}

function removeBridge() {
  run('ip', ['link', 'delete', BRIDGE, 'type', 'bridge']);
}

/**
 * Creates the bridge and the chain. The engine's compose networks come from
 * the upper half of the range (--default-address-pool), the default bridge
 * (builds) takes the lower.
 */
export function createEngineNetwork(): EngineNetwork {
  removeChain();
  removeBridge();
  const range = freeRange();
  const [a, b] = range.split('.');
  const gateway = `${a}.${b}.0.1`;
  mustRun('ip', ['link', 'add', BRIDGE, 'type', 'bridge']);
  mustRun('ip', ['addr', 'add', `${gateway}/24`, 'dev', BRIDGE]);
  mustRun('ip', ['link', 'set', BRIDGE, 'up']);
  const rules: Array<[string, string, string[]]> = [
    ['filter', 'FORWARD', ['-s', range, '-j', 'ACCEPT']],
    [
      'filter',
      'FORWARD',
      ['-d', range, '-m', 'conntrack', '--ctstate', 'RELATED,ESTABLISHED', '-j', 'ACCEPT'],
    ],
    ['nat', 'POSTROUTING', ['-s', range, '!', '-d', range, '-j', 'MASQUERADE']],
  ];
  for (const table of ['filter', 'nat']) mustRun('iptables', ['-w', '-t', table, '-N', CHAIN]);
  for (const [table, , rule] of rules)
    mustRun('iptables', ['-w', '-t', table, '-A', CHAIN, ...rule]);
  // First in its hook: the machine's engine may have set FORWARD's policy to DROP.
  mustRun('iptables', ['-w', '-t', 'filter', '-I', 'FORWARD', '1', '-j', CHAIN]);
  mustRun('iptables', ['-w', '-t', 'nat', '-I', 'POSTROUTING', '1', '-j', CHAIN]);
  const forwardBefore = readFileSync(FORWARD_SYSCTL, 'utf8').trim();
  if (forwardBefore !== '1') writeFileSync(FORWARD_SYSCTL, '1');
  return {
    daemonArgs: [
      '--bridge',
      BRIDGE,
      '--iptables=false',
      '--ip-forward=false',
      '--ip-masq=false',
      '--default-address-pool',
      `base=${a}.${b}.128.0/17,size=24`,
      // Ports a compose file publishes without an address stay on loopback.
      '--ip',
      '127.0.0.1',
    ],
    remove() {
      removeChain();
      removeBridge();
      if (forwardBefore !== '1') writeFileSync(FORWARD_SYSCTL, forwardBefore);
    },
  };
}
