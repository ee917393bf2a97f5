import { SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ThrottlerModuleOptions } from '@nestjs/throttler';
import { AppConfig } from '../config/app-config';

export type RateLimitName = keyof AppConfig['rateLimits'];

const RATE_LIMIT_KEY = 'rateLimit';

/** The answer to a client over a limit, from the throttler or any other bound. */
export const TOO_MANY_REQUESTS = 'Too many requests, please try again later';

/** Puts a route under one named rate limit; routes without it are not throttled. */
export const RateLimit = (name: RateLimitName) => SetMetadata(RATE_LIMIT_KEY, name);

/**
 * One named throttler per limit, each skipped for every route not marked with
 * its name, so the limits (read from configuration at start) stay separate.
 */
export function throttlerOptions(config: AppConfig): ThrottlerModuleOptions {
  const reflector = new Reflector();
  const names = Object.keys(config.rateLimits) as RateLimitName[];
  return {
    throttlers: names.map((name) => ({
      name,
      limit: config.rateLimits[name].limit,
      ttl: config.rateLimits[name].ttlMs,
      skipIf: (context) => reflector.get(RATE_LIMIT_KEY, context.getHandler()) !== name,
    })),
    errorMessage: TOO_MANY_REQUESTS,
  };
}
