import { IsOptional, IsString } from '../common/validators';

// Missing or empty credentials are a failed login (401), not a malformed request.
export class LoginDto {
  @IsOptional()
  @IsString()
  username?: string;

  @IsOptional()
  @IsString()
  password?: string;
}
