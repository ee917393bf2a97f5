import { json } from 'express';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './http-error';

export const JSON_BODY_LIMIT = '16kb';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

interface BodyParserError {
  status?: number;
  type?: string;
}

function isJsonObject(body: unknown): boolean {
  return typeof body === 'object' && body !== null && !Array.isArray(body);
}

function messageFor(error: BodyParserError): string {
  if (error.type === 'entity.too.large') return 'Request body too large';
  if (error.type === 'entity.parse.failed') return 'Malformed JSON body';
  return 'Unreadable request body';
}

/**
 * Accepts JSON bodies only, up to 16 KiB, and answers refusals (wrong content
 * type 415, malformed 400, too large 413) in the API's error shape rather than
 * Express's HTML error page. The bodies of `streamed` paths are left unread,
 * for their route to read as they arrive (and bound itself).
 */
export function jsonBodyMiddleware(streamed?: RegExp) {
  const parse = json({ limit: JSON_BODY_LIMIT, strict: true });
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!METHODS_WITH_BODY.has(request.method) || streamed?.test(request.path)) return next();
    if (!request.is('application/json')) {
      sendError(response, { statusCode: 415, message: 'Content-Type must be application/json' });
      return;
    }
    parse(request, response, (error?: unknown) => {
      if (!error && isJsonObject(request.body)) return next();
      if (!error) {
        sendError(response, { statusCode: 400, message: 'Request body must be a JSON object' });
        return;
      }
      const parserError = error as BodyParserError;
      const status = parserError.status ?? 400;
      const statusCode = status >= 400 && status < 500 ? status : 400;
      sendError(response, { statusCode, message: messageFor(parserError) });
    });
  };
}
