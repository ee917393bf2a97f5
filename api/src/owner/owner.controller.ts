import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { AccessLogEntry } from '../access/access-log';
import { OwnerChangesService } from './owner-changes.service';
import { OwnerOnly, SignedIn } from './owner.guard';
import { ConfirmationOptionsDto, ConfirmedDto, NewAccessDto } from './owner.dto';
import { AccessView, NewAccess, OwnerAccessesService } from './owner-accesses.service';
import { OwnerClaims, OwnerTokens } from './owner-token';
import { PasskeyService, PasskeyView } from './passkey.service';
import { From, RequestFrom } from './request-from';

/** The owner's page once signed in: the passkeys, further devices, the access links. */
@Controller('owner')
@OwnerOnly()
export class OwnerController {
  constructor(
    private readonly passkeys: PasskeyService,
    private readonly changes: OwnerChangesService,
    private readonly accesses: OwnerAccessesService,
    private readonly tokens: OwnerTokens,
  ) {}

  /** Ends the token here: a copy of it is refused from now on, not only forgotten by the page. */
  @Post('logout')
  @HttpCode(204)
  logout(@SignedIn() owner: OwnerClaims): void {
    this.tokens.end(owner);
  }

  @Get('passkeys')
  listPasskeys(): Promise<PasskeyView[]> {
    return this.passkeys.list();
  }

  /** The first step of a setup link or a removal: what the signed-in passkey must sign. */
  @Post('confirmation/options')
  @HttpCode(200)
  confirmationOptions(
    @SignedIn() owner: OwnerClaims,
    @Body() body: ConfirmationOptionsDto,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.changes.confirmationOptions(owner, body.change, body.passkeyId);
  }

  @Post('passkeys/:id/remove')
  @HttpCode(204)
  removePasskey(
    @SignedIn() owner: OwnerClaims,
    @Param('id') id: string,
    @Body() body: ConfirmedDto,
    @From() from: RequestFrom,
  ): Promise<void> {
    return this.changes.remove(owner, id, body.confirmation, from);
  }

  @Post('setup-links')
  newSetupLink(
    @SignedIn() owner: OwnerClaims,
    @Body() body: ConfirmedDto,
    @From() from: RequestFrom,
  ): Promise<{ url: string; expiresAt: string }> {
    return this.changes.newSetupLink(owner, body.confirmation, from);
  }

  @Get('accesses')
  listAccesses(): Promise<AccessView[]> {
    return this.accesses.list();
  }

  @Post('accesses')
  addAccess(@Body() body: NewAccessDto): Promise<NewAccess> {
    return this.accesses.add(body.name ?? '', body.days);
  }

  @Get('accesses/:id/log')
  accessLog(@Param('id') id: string): Promise<AccessLogEntry[]> {
    return this.accesses.logOf(id);
  }

  @Delete('accesses/:id')
  @HttpCode(204)
  revokeAccess(@Param('id') id: string): Promise<void> {
    return this.accesses.revoke(id);
  }
}
