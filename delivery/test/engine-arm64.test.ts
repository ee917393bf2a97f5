// The site for a Raspberry Pi (arm64), on this machine under emulation:
// base images of both architectures pulled from a local registry, both
// images built for linux/arm64 (their build stages natively), the stack
// started as arm64 from the unchanged compose files, then the owner's
// first minutes, what only arm64 shows, the way back from this release to
// the one before, and a Pi that pulls the site's images from a registry
// instead of building them. docs/engine-tests.md, "arm64".
import { describe } from 'node:test';
import { whyNoEngine } from './engine/docker-engine';
import { EngineSession, sessionFor } from './engine/engine-session';
import { firstStartChecks } from './engine/first-start.checks';
import { arm64Checks } from './engine/arm64.checks';
import { pullChecks } from './engine/pull.checks';
import { releaseChecks } from './engine/release.checks';
import { whyNoArm64 } from './engine/emulation';
import { quickHealthFromHere } from './engine/quick-health';
import { holdSuiteLock } from './engine/suite-lock';

const whyNot = whyNoEngine() ?? whyNoArm64();

describe(
  'arm64 on a real Docker engine, under emulation',
  { skip: whyNot ? `arm64 engine suite skipped: ${whyNot}` : false },
  () => {
    holdSuiteLock();
    const current = sessionFor(
      () => EngineSession.startArm64((line) => console.log(line)),
      'engine arm64: base images in the registry',
    );

    firstStartChecks(current);
    arm64Checks(current);
    quickHealthFromHere(current);
    releaseChecks(current);
    pullChecks(current);
  },
);
