import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AccessModule } from '../access/access.module';
import { MailModule } from '../mail/mail.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JWT_SIGNING_KEY, jwtSigningKeyProvider } from './jwt-signing-key.provider';
import { JwtStrategy } from './jwt.strategy';

@Module({
  imports: [PassportModule, JwtModule.register({}), MailModule, AccessModule],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, jwtSigningKeyProvider],
  // One key for every token: the owner's page signs its own kind with it (owner/).
  exports: [JWT_SIGNING_KEY],
})
export class AuthModule {}
