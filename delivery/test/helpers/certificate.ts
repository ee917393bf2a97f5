// A throw-away self-signed certificate for localhost / 127.0.0.1, made with
// openssl for one test run.
import { execFile } from 'node:child_process';
import { chmod, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** openssl req arguments for a new, unencrypted P-256 key. */
const NEW_EC_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

export interface Certificate {
  certFile: string;
  keyFile: string;
  certPem: string;
}

/** For localhost and 127.0.0.1 unless another name (and its subjectAltName) is given. */
export async function makeSelfSignedCertificate(
  dir: string,
  { name = 'localhost', altNames = 'DNS:localhost,IP:127.0.0.1' } = {},
): Promise<Certificate> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  await run('openssl', [
    'req',
    '-x509',
    ...NEW_EC_KEY,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    '-addext',
    `subjectAltName=${altNames}`,
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  // nginx started by root reads the key before dropping privileges; a
  // non-root nginx reads it as itself: both work with the owner's mode.
  await chmod(keyFile, 0o600);
  return { certFile, keyFile, certPem: await readFile(certFile, 'utf8') };
}

/** A certificate for localhost that expired long ago, with its own key. */
export async function makeExpiredCertificate(dir: string): Promise<Certificate> {
  const certFile = path.join(dir, 'cert.pem');
  const keyFile = path.join(dir, 'key.pem');
  // `openssl req -x509` only goes forward in time; `openssl ca` takes dates.
  await writeFile(path.join(dir, 'index.txt'), '');
  await writeFile(path.join(dir, 'serial'), '01\n');
  await writeFile(
    path.join(dir, 'ca.cnf'),
    [
      '[ca]',
      'default_ca = expired',
      '[expired]',
      'database = index.txt',
      'new_certs_dir = .',
      'serial = serial',
      'default_md = sha256',
      'policy = any',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  const csr = path.join(dir, 'request.csr');
  await run('openssl', [
    'req',
    ...NEW_EC_KEY,
    '-subj',
    '/CN=localhost',
    '-keyout',
    keyFile,
    '-out',
    csr,
  ]);
  await run(
    'openssl',
    [
      'ca',
      '-batch',
      '-config',
      'ca.cnf',
      '-selfsign',
      '-keyfile',
      keyFile,
      '-in',
      csr,
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
      '-out',
      certFile,
    ],
    { cwd: dir },
  );
  await chmod(keyFile, 0o600);
  return { certFile, keyFile, certPem: await readFile(certFile, 'utf8') };
}

export interface ServedCertificate {
  serial: string;
  names: string;
  issuer: string;
}

/** The certificate a server presents for `servername`, or undefined while it speaks no TLS. */
export function servedCertificate(
  host: string,
  port: number,
  servername: string,
): Promise<ServedCertificate | undefined> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host, port, servername, rejectUnauthorized: false });
    socket.once('secureConnect', () => {
      const { serialNumber, subjectaltname, issuer } = socket.getPeerCertificate();
      socket.destroy();
      resolve({
        serial: serialNumber,
        names: subjectaltname ?? '',
        issuer: String(issuer.CN ?? ''),
      });
    });
    socket.once('error', () => resolve(undefined));
    socket.setTimeout(5_000, () => (socket.destroy(), resolve(undefined)));
  });
}
