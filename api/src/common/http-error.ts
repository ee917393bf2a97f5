import type { Response } from 'express';

/** The one JSON shape of every error answer. */
export interface ErrorBody {
  statusCode: number;
  message: string;
  [extra: string]: unknown;
}

export function sendError(response: Response, body: ErrorBody): void {
  response.status(body.statusCode).json(body);
}
