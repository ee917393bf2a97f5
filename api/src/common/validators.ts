// The validation decorators and the validator the API uses, each taken from
// its own file in class-validator. The package's entry point loads every
// validator it has, with validator.js and libphonenumber's metadata: some 320
// modules and 3 MB of heap the API would hold for its whole life to use a
// handful of decorators (docs/benchmarks.md, "What the API holds at rest").
import type { ValidationPipeOptions } from '@nestjs/common';
import { IsIn } from 'class-validator/cjs/decorator/common/IsIn';
import { IsNotEmpty } from 'class-validator/cjs/decorator/common/IsNotEmpty';
import { IsOptional } from 'class-validator/cjs/decorator/common/IsOptional';
import { ValidateIf } from 'class-validator/cjs/decorator/common/ValidateIf';
import { Matches } from 'class-validator/cjs/decorator/string/Matches';
import { MaxLength } from 'class-validator/cjs/decorator/string/MaxLength';
import { IsArray } from 'class-validator/cjs/decorator/typechecker/IsArray';
import { IsNumber } from 'class-validator/cjs/decorator/typechecker/IsNumber';
import { IsObject } from 'class-validator/cjs/decorator/typechecker/IsObject';
import { IsString } from 'class-validator/cjs/decorator/typechecker/IsString';
import { ValidateNested } from 'class-validator/cjs/decorator/common/ValidateNested';
import { getMetadataStorage } from 'class-validator/cjs/metadata/MetadataStorage';
import { Validator } from 'class-validator/cjs/validation/Validator';

export {
  IsArray,
  IsIn,
  IsNotEmpty,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
};

/**
 * A field that may be left out, but never sent as null: the rest of its checks then refuse
 * null with a 400 (IsOptional would let it through to code that expects a value or none).
 */
export const Optional = () => ValidateIf((_object, value) => value !== undefined);

type ValidatorPackage = NonNullable<ValidationPipeOptions['validatorPackage']>;

const validator = new Validator();

/** What Nest's ValidationPipe asks of class-validator, without its entry point. */
export const validatorPackage: ValidatorPackage & {
  getMetadataStorage: typeof getMetadataStorage;
} = {
  validate: (object, options) => validator.validate(object as object, options),
  getMetadataStorage,
};
