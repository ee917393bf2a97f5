import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
} from '@nestjs/common';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Request } from 'express';
import type { LetterUpload } from '../access/access-changes';
import { RateLimit } from '../common/rate-limit';
import { OwnerChangesService } from './owner-changes.service';
import { OwnerOnly, SignedIn } from './owner.guard';
import { CONFIRMATION_HEADER } from './change-targets';
import {
  ConfirmationOptionsDto,
  ConfirmedDto,
  NewAccessDto,
  SectionsDto,
  StampDto,
} from './owner.dto';
import { OwnerAccessesService } from './owner-accesses.service';
import type {
  AccessView,
  LetterView,
  LogEntryView,
  NewAccess,
  PasskeyView,
  SetupLinkView,
} from './owner-views';
import { OwnerClaims, OwnerTokens } from './owner-token';
import { PasskeyService } from './passkey.service';
import { From, RequestFrom } from './request-from';

/**
 * The routes (below the API's prefix) whose body is a PDF, left unread by the JSON parser
 * (app.setup.ts) for the access changes to stream to disk: a company's own PDF, added or
 * replaced.
 */
export const LETTER_UPLOADS = /^\/owner\/accesses\/[^/]+\/letters(?:\/[^/]+)?\/?$/i;

/** The upload in a request: its body, its length if said, the owner's name for it (?name=). */
function uploadOf(request: Request, name: unknown): LetterUpload {
  const length = Number(request.headers['content-length']);
  return {
    label: typeof name === 'string' ? name : '',
    source: request,
    declaredBytes: Number.isSafeInteger(length) && length >= 0 ? length : undefined,
  };
}

/**
 * An upload's confirmation: its body is the PDF, so the assertion rides in a header, as
 * base64url of its JSON; anything else there is no confirmation (403).
 */
function confirmationOf(request: Request): AuthenticationResponseJSON | undefined {
  const header = request.headers[CONFIRMATION_HEADER];
  if (typeof header !== 'string') return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null
      ? (value as AuthenticationResponseJSON)
      : undefined;
  } catch {
    return undefined;
  }
}

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

  /** The first step of a confirmed change: what the signed-in passkey must sign. */
  @Post('confirmation/options')
  @RateLimit('confirm')
  @HttpCode(200)
  confirmationOptions(
    @SignedIn() owner: OwnerClaims,
    @Body() body: ConfirmationOptionsDto,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    return this.changes.confirmationOptions(owner, body.change, body.passkeyId ?? body.target);
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
  ): Promise<SetupLinkView> {
    return this.changes.newSetupLink(owner, body.confirmation, from);
  }

  @Get('accesses')
  listAccesses(): Promise<AccessView[]> {
    return this.accesses.list();
  }

  @Get('sections')
  sections(): Promise<string[]> {
    return this.accesses.sections();
  }

  @Post('accesses')
  addAccess(@SignedIn() owner: OwnerClaims, @Body() body: NewAccessDto): Promise<NewAccess> {
    return this.accesses.add(owner, body);
  }

  @Put('accesses/:id/stamp')
  @HttpCode(204)
  setStamp(
    @SignedIn() owner: OwnerClaims,
    @Param('id') id: string,
    @Body() body: StampDto,
  ): Promise<void> {
    return this.accesses.setStamp(owner, id, body);
  }

  @Put('accesses/:id/sections')
  @HttpCode(204)
  setSections(
    @SignedIn() owner: OwnerClaims,
    @Param('id') id: string,
    @Body() body: SectionsDto,
  ): Promise<void> {
    return this.accesses.setSections(owner, id, body);
  }

  @Post('accesses/:id/letters')
  addLetter(
    @SignedIn() owner: OwnerClaims,
    @Param('id') id: string,
    @Query('name') name: unknown,
    @Req() request: Request,
  ): Promise<LetterView> {
    const upload = uploadOf(request, name);
    return this.accesses.addLetter(owner, id, upload, confirmationOf(request));
  }

  @Put('accesses/:id/letters/:letterId')
  replaceLetter(
    @SignedIn() owner: OwnerClaims,
    @Param('id') id: string,
    @Param('letterId') letterId: string,
    @Query('name') name: unknown,
    @Req() request: Request,
  ): Promise<LetterView> {
    const upload = uploadOf(request, name);
    return this.accesses.replaceLetter(owner, id, letterId, upload, confirmationOf(request));
  }

  @Delete('accesses/:id/letters/:letterId')
  @HttpCode(204)
  removeLetter(@Param('id') id: string, @Param('letterId') letterId: string): Promise<void> {
    return this.accesses.removeLetter(id, letterId);
  }

  @Get('accesses/:id/log')
  accessLog(@Param('id') id: string): Promise<LogEntryView[]> {
    return this.accesses.logOf(id);
  }

  @Delete('accesses/:id')
  @HttpCode(204)
  revokeAccess(@Param('id') id: string): Promise<void> {
    return this.accesses.revoke(id);
  }
}
