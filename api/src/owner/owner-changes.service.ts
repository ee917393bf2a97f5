// Changes made on the page that the page's token alone may not make: to how
// the owner signs in (a setup link for one more device, removing a passkey)
// and to what a company sees (change-targets.ts: a new link, wider sections,
// a PDF added or replaced, the stamp off). Whoever holds an unlocked phone with the page
// open, or a copied token, could otherwise add their own passkey, remove the
// owner's, or send a company a link to everything. Each needs a fresh
// assertion of the signed-in passkey, with user verification, whose
// challenge names the change, its target and that passkey, so it confirms
// this change and no other; and each is mailed to the owner.
import { ForbiddenException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { AppConfig, appConfig } from '../config/app-config';
import { ACCESS_CHANGES } from './change-targets';
import { OwnerNotifier } from './owner-notifier';
import { OwnerPasskey, OwnerPasskeyStore } from './owner-passkey-store';
import { OwnerSetupStore, setupLink } from './owner-setup-store';
import { OwnerClaims } from './owner-token';
import type { SetupLinkView } from './owner-views';
import { PasskeyAssertions } from './passkey-assertions';
import { RequestFrom } from './request-from';

export const OWNER_CHANGES = ['setup-link', 'remove-passkey', ...ACCESS_CHANGES] as const;
export type OwnerChange = (typeof OWNER_CHANGES)[number];

export const CONFIRMATION_REFUSED =
  'Diese Änderung braucht eine frische Bestätigung mit dem Passkey dieser Anmeldung.';

const confirming = (change: OwnerChange, target: string, owner: OwnerClaims) =>
  `confirmation ${change} ${target} ${owner.passkeyId}`;

@Injectable()
export class OwnerChangesService {
  private readonly logger = new Logger('Owner');
  private readonly siteUrl: string;

  constructor(
    @Inject(appConfig.KEY) config: AppConfig,
    private readonly passkeys: OwnerPasskeyStore,
    private readonly assertions: PasskeyAssertions,
    private readonly notifier: OwnerNotifier,
    private readonly setups: OwnerSetupStore,
  ) {
    this.siteUrl = config.access.siteUrl;
  }

  /** Options for confirming `change` of `target` with the signed-in passkey only. */
  async confirmationOptions(
    owner: OwnerClaims,
    change: OwnerChange,
    target = '',
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const passkey = await this.passkeys.find(owner.passkeyId);
    return this.assertions.options(confirming(change, target, owner), passkey);
  }

  /** A link for one more device, as make owner-setup prints it. */
  async newSetupLink(
    owner: OwnerClaims,
    confirmation: AuthenticationResponseJSON | undefined,
    from: RequestFrom,
  ): Promise<SetupLinkView> {
    const by = await this.confirmed(owner, 'setup-link', '', confirmation);
    const { token, expiresAt } = await this.setups.create();
    this.logger.log(`Setup link made on the owner's page from ${from.address}`);
    await this.notifier.setupLink(by, expiresAt, from);
    return { url: setupLink(this.siteUrl, token), expiresAt };
  }

  /** Removes a passkey; tokens it signed in stop working at once (owner.guard.ts). */
  async remove(
    owner: OwnerClaims,
    id: string,
    confirmation: AuthenticationResponseJSON | undefined,
    from: RequestFrom,
  ): Promise<void> {
    const by = await this.confirmed(owner, 'remove-passkey', id, confirmation);
    const removed = await this.passkeys.remove(id);
    if (!removed) throw new NotFoundException('Diesen Passkey gibt es nicht.');
    this.logger.log(`Passkey "${removed.label}" removed from ${from.address}`);
    await this.notifier.removed(removed, by, from);
  }

  /** The passkey that confirmed `change` of `target` just now; else a 403. */
  async confirmed(
    owner: OwnerClaims,
    change: OwnerChange,
    target: string,
    confirmation: AuthenticationResponseJSON | undefined,
  ): Promise<OwnerPasskey> {
    const purpose = confirming(change, target, owner);
    const by = await this.assertions.verify(confirmation, purpose, owner.passkeyId);
    if (!by) throw new ForbiddenException(CONFIRMATION_REFUSED);
    return by;
  }
}
