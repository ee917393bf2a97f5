import { NestApplicationOptions } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { jsonBodyMiddleware } from './common/json-body.middleware';
import { createValidationPipe } from './common/validation.pipe';
import { LETTER_UPLOADS } from './owner/owner.controller';

export const GLOBAL_PREFIX = 'api';

function noStore(_request: Request, response: Response, next: NextFunction): void {
  response.setHeader('Cache-Control', 'no-store');
  next();
}

/**
 * Creates the app with everything that makes it behave as deployed. main.ts
 * and the HTTP tests both start it through here.
 */
export async function createApp(
  options: NestApplicationOptions = {},
): Promise<NestExpressApplication> {
  // Nest's own body parser is replaced by a stricter one (configureApp).
  const app = await NestFactory.create<NestExpressApplication>(AppModule, {
    ...options,
    bodyParser: false,
  });
  return configureApp(app);
}

/**
 * What makes an app of AppModule behave as deployed; for an app created
 * without its body parser (createApp, or a test's module with a part replaced).
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  // Exactly one proxy (nginx) in front: req.ip is the address nginx saw, and an
  // X-Forwarded-For sent from the internet cannot choose the rate-limit key.
  app.set('trust proxy', 1);
  app.disable('x-powered-by');
  // Every route is below the prefix, which the parser sees stripped off.
  app.use(`/${GLOBAL_PREFIX}`, jsonBodyMiddleware(LETTER_UPLOADS));
  // Tokens, access codes and setup links: answers no cache may keep.
  app.use([`/${GLOBAL_PREFIX}/auth`, `/${GLOBAL_PREFIX}/owner`], noStore);
  app.setGlobalPrefix(GLOBAL_PREFIX);
  app.useGlobalPipes(createValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
  return app;
}
