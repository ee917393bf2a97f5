import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  NotFoundException,
  Param,
  Post,
} from '@nestjs/common';
import { AccessLogEntry } from '../access/access-log';
import { OwnerOnly, SignedIn } from './owner.guard';
import { OwnerClaims, OwnerTokens } from './owner-token';
import { NewAccessDto } from './owner.dto';
import { AccessView, NewAccess, OwnerAccessesService } from './owner-accesses.service';
import { PasskeyService, PasskeyView } from './passkey.service';

/** The owner's page once signed in: the passkeys, further devices, the access links. */
@Controller('owner')
@OwnerOnly()
export class OwnerController {
  constructor(
    private readonly passkeys: PasskeyService,
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

  @Delete('passkeys/:id')
  @HttpCode(204)
  async removePasskey(@Param('id') id: string): Promise<void> {
    if (!(await this.passkeys.remove(id)))
      throw new NotFoundException('Diesen Passkey gibt es nicht.');
  }

  @Post('setup-links')
  newSetupLink(): Promise<{ url: string; expiresAt: string }> {
    return this.passkeys.newSetupLink();
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
