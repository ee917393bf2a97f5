import {
  ArgumentsHost,
  Catch,
  ExceptionFilter,
  HttpException,
  HttpStatus,
  Logger,
} from '@nestjs/common';
import type { Response } from 'express';
import { ErrorBody, sendError } from './http-error';

function bodyOf(exception: HttpException): ErrorBody {
  const statusCode = exception.getStatus();
  const response = exception.getResponse();
  if (typeof response === 'string') return { statusCode, message: response };
  // Nest's `error` label ("Bad Request") repeats the status code; it is left out.
  const { message, ...extra } = response as Record<string, unknown>;
  delete extra.error;
  return {
    ...extra,
    statusCode,
    message: typeof message === 'string' ? message : exception.message,
  };
}

/** Answers every error in one JSON shape and never reveals a stack trace. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) {
      // A streamed answer already started: the only honest signal left is a cut connection.
      this.logger.warn(`Error after the answer started: ${String(exception)}`);
      response.destroy();
      return;
    }
    if (exception instanceof HttpException) {
      sendError(response, bodyOf(exception));
      return;
    }
    this.logger.error(
      exception instanceof Error ? (exception.stack ?? exception.message) : exception,
    );
    sendError(response, {
      statusCode: HttpStatus.INTERNAL_SERVER_ERROR,
      message: 'Internal server error',
    });
  }
}
