// The API's floor: a bare NestJS app of the same versions (Express platform,
// global prefix), with one controller and nothing else, started the same
// way as the API (see bench/src/nest-floor.ts). The API's memory above it is
// what the site's own modules cost.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';

@Controller('health')
class HealthController {
  @Get()
  check(): { status: 'ok' } {
    return { status: 'ok' };
  }
}

@Module({ controllers: [HealthController] })
class FloorModule {}

async function main(): Promise<void> {
  const app = await NestFactory.create(FloorModule, { logger: false });
  app.setGlobalPrefix('api');
  await app.listen(Number(process.env.API_PORT), '127.0.0.1');
}

void main();
