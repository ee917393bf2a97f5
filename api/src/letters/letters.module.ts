import { Module } from '@nestjs/common';
import { appConfig, type AppConfig } from '../config/app-config';
import { LetterFiles } from './letter-files';
import { makeLetterFiles } from './letter-stores';

// The letters' files (letter-files.ts): the access changes write them, the
// documents send them, both through this one provider.
@Module({
  providers: [
    {
      provide: LetterFiles,
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) => makeLetterFiles(config),
    },
  ],
  exports: [LetterFiles],
})
export class LettersModule {}
