import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Where a request came from, for the owner's mails, the log and a new passkey's name. */
export interface RequestFrom {
  /** The client's address, as nginx passed it on (TRUSTED_PROXIES for a proxy before it). */
  address: string;
  userAgent?: string;
}

export const From = createParamDecorator(
  (_data: unknown, context: ExecutionContext): RequestFrom => {
    const request = context.switchToHttp().getRequest<Request>();
    return { address: request.ip ?? 'unbekannt', userAgent: request.headers['user-agent'] };
  },
);
