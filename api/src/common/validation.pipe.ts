import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import { validatorPackage } from './validators';

type FieldErrors = Record<string, string[]>;

function collect(errors: ValidationError[], prefix = '', into: FieldErrors = {}): FieldErrors {
  for (const error of errors) {
    const field = prefix + error.property;
    if (error.constraints) into[field] = Object.values(error.constraints);
    if (error.children?.length) collect(error.children, `${field}.`, into);
  }
  return into;
}

/** Rejects unknown and mistyped fields with a 400 naming each field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    validatorPackage,
    exceptionFactory: (errors) =>
      new BadRequestException({ message: 'Validation failed', errors: collect(errors) }),
  });
}
