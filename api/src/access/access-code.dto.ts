import { IsOptional, IsString } from '../common/validators';

// A missing or empty code is a refused code (401), like missing credentials at the login.
export class AccessCodeDto {
  @IsOptional()
  @IsString()
  code?: string;
}
