import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AccessModule } from '../access/access.module';
import { MailModule } from '../mail/mail.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { jwtSigningKeyProvider } from './jwt-signing-key.provider';
import { JwtStrategy } from './jwt.strategy';

@Module({
  imports: [PassportModule, JwtModule.register({}), MailModule, AccessModule],
  controllers: [AuthController],
  providers: [AuthService, JwtStrategy, jwtSigningKeyProvider],
})
export class AuthModule {}
