// The owner's Make targets natively, as an owner types them: a passkey's or
// a company's name that starts with `-` reaches the command as a value, a
// company's own PDF comes in through FILE= (on stdin, as in a container),
// and `make owner-setup-local` without an HTTPS name prints the setup link,
// its QR code and the line that says why a phone cannot use it there.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { repoRoot } from '@portfolio/stack';
import { scratchDir } from './helpers/scratch';
import { readTerminalQrCode } from './helpers/terminal-qr';

const SITE = 'http://localhost:18080';

/**
 * `make target vars…` on a scratch ACCESS_DIR, with LETTERS_DIR inside it; SITE_URL set, so
 * no .env names another site.
 */
function make(accessDir: string, target: string, ...vars: string[]) {
  const run = spawnSync('make', ['--no-print-directory', '-s', target, ...vars], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ACCESS_DIR: accessDir,
      LETTERS_DIR: path.join(accessDir, 'letters'),
      SITE_URL: SITE,
    },
    encoding: 'utf8',
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("the owner's Make targets", () => {
  it('make owner-passkeys-local REMOVE= removes a passkey whose id starts with -', () => {
    const dir = scratchDir('delivery-owner-');
    const passkey = {
      id: '-Yk3pQ9rT2mVbXw7LcN0sA',
      publicKey: 'pQECAyYgASFYIA',
      counter: 3,
      transports: ['internal'],
      label: 'iPhone · Safari, 1.3.2026',
      createdAt: '2026-03-01T09:00:00.000Z',
      lastUsedAt: null,
    };
    writeFileSync(
      path.join(dir, 'owner-passkeys.json'),
      JSON.stringify({ version: 1, passkeys: [passkey] }),
    );
    assert.match(make(dir, 'owner-passkeys-local').stdout, /-Yk3pQ9rT2mV +iPhone · Safari/);

    const removed = make(dir, 'owner-passkeys-local', 'REMOVE=-Yk3pQ9rT2mV');
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /^Passkey „iPhone · Safari, 1\.3\.2026“ entfernt;/);
    const again = make(dir, 'owner-passkeys-local', 'REMOVE=-Yk3pQ9rT2mV');
    assert.notEqual(again.status, 0);
    assert.match(again.stderr, /^Kein Passkey „-Yk3pQ9rT2mV“ gefunden \(make owner-passkeys\)\./);
  });

  it('make access-add-local, access-log-local and access-revoke-local take a NAME= that starts with -', () => {
    const dir = scratchDir('delivery-access-');
    const added = make(dir, 'access-add-local', 'NAME=-Muster AG', 'DAYS=30');
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /^Zugang für „-Muster AG“ erstellt, gültig bis /);
    assert.equal(make(dir, 'access-log-local', 'NAME=-Muster AG').stdout, 'Keine Zugriffe.\n');
    const revoked = make(dir, 'access-revoke-local', 'NAME=-Muster AG');
    assert.equal(revoked.status, 0, revoked.stderr);
    assert.match(revoked.stdout, /^Zugang „-Muster AG“ widerrufen;/);
    const removed = make(dir, 'access-remove-local', 'NAME=-Muster AG');
    assert.equal(removed.status, 0, removed.stderr);
    assert.match(removed.stdout, /^Zugang „-Muster AG“ gelöscht, mit seinen eigenen PDFs;/);
    assert.equal(
      make(dir, 'access-list-local').stdout,
      'Noch keine Zugänge (make access-add NAME="…").\n',
    );
  });

  it('make access-remove-local ID= picks one of two ended links of one name', () => {
    const dir = scratchDir('delivery-access-');
    for (let round = 0; round < 2; round += 1) {
      assert.equal(make(dir, 'access-add-local', 'NAME=Messe AG').status, 0);
      assert.equal(make(dir, 'access-revoke-local', 'NAME=Messe AG').status, 0);
    }
    const both = make(dir, 'access-remove-local', 'NAME=Messe AG');
    assert.notEqual(both.status, 0);
    const ids = /\(([\w-]{12}), ([\w-]{12})\)\.$/m.exec(both.stderr);
    assert.ok(ids, both.stderr);
    const removed = make(dir, 'access-remove-local', `ID=${ids[1]}`);
    assert.equal(removed.status, 0, removed.stderr);
    const listed = make(dir, 'access-list-local').stdout;
    assert.ok(!listed.includes(ids[1]) && listed.includes(ids[2]), listed);
  });

  it('make access-add-local takes SECTIONS and a FILE whose name has spaces, make access-file-local one more and REMOVE', () => {
    const dir = scratchDir('delivery-access-');
    const file = path.join(scratchDir('delivery-letter-'), 'Brief an die "Messe" AG.pdf');
    writeFileSync(file, '%PDF-1.7\n% Brief\n%%EOF\n');
    const added = make(
      dir,
      'access-add-local',
      'NAME=Messe AG',
      'SECTIONS=Bewerbung, GIBB',
      `FILE=${file}`,
    );
    assert.equal(added.status, 0, added.stderr);
    assert.match(added.stdout, /^Eigene Datei „Brief an die "Messe" AG“ \(1 KB\) hinzugefügt\.$/m);
    const more = make(dir, 'access-file-local', 'NAME=Messe AG', `FILE=${file}`, 'LABEL=-Zeugnis');
    assert.equal(more.status, 0, more.stderr);
    assert.match(
      make(dir, 'access-list-local').stdout,
      /^Messe AG +Bewerbung, GIBB +Brief an die "Messe" AG \(1 KB\), -Zeugnis \(1 KB\)$/m,
    );
    // Stored under the store's own names, never the uploaded one.
    const [folder] = readdirSync(path.join(dir, 'letters'));
    const stored = readdirSync(path.join(dir, 'letters', folder));
    assert.equal(stored.length, 2);
    for (const name of stored) assert.match(name, /^[\w-]{12}\.pdf$/);
    const removed = make(dir, 'access-file-local', 'NAME=Messe AG', 'REMOVE=-zeugnis');
    assert.equal(removed.status, 0, removed.stderr);
    assert.equal(readdirSync(path.join(dir, 'letters', folder)).length, 1);
    const all = make(dir, 'access-sections-local', 'NAME=Messe AG', 'SECTIONS=alle');
    assert.equal(
      all.stdout,
      '„Messe AG“ sieht: Bewerbung, BWD IMS, GIBB, Überbetriebliche Kurse.\n',
    );
    const none = make(dir, 'access-sections-local', 'NAME=Messe AG', 'SECTIONS=');
    assert.equal(none.status, 2);
    assert.equal(
      none.stderr.split('\n')[0],
      'SECTIONS nennt Bereiche („Bewerbung, GIBB“) oder sagt „alle“.',
    );
  });

  it('make owner-setup-local without HTTPS prints the link, its QR code and why a phone cannot use it', () => {
    const run = make(scratchDir('delivery-owner-'), 'owner-setup-local');
    assert.equal(run.status, 0, run.stderr);
    const link = new RegExp(`^${SITE}/verwaltung#einrichten=[\\w-]{43}$`, 'm').exec(
      run.stdout,
    )?.[0];
    assert.ok(link, run.stdout);
    assert.equal(readTerminalQrCode(run.stdout), link);
    const lines = run.stdout.split('\n').filter((line) => line.startsWith('Ein Handy kann hier'));
    assert.equal(lines.length, 1, run.stdout);
    for (const named of [SITE, 'DOMAIN', 'make up', 'SITE_URL=https://'])
      assert.ok(lines[0].includes(named), `${named} in: ${lines[0]}`);
  });
});
