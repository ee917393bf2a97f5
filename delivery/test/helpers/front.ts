// The front as the nginx tests meet it: the project's nginx over a stand-in
// bundle, in front of a stand-in API.
import { rm } from 'node:fs/promises';
import { startFakeUpstream, type FakeUpstream } from './fake-upstream';
import { startNginx, type RunningNginx } from './nginx-runner';
import { makeStaticSite } from './static-site';

export interface Front {
  upstream: FakeUpstream;
  nginx: RunningNginx;
  url(path: string): string;
  stop(): Promise<void>;
}

/** `limits`: nginx's tunable limits, small so that a test reaches them. */
export async function startFront(limits: Record<string, string>): Promise<Front> {
  const site = await makeStaticSite();
  const upstream = await startFakeUpstream();
  const nginx = await startNginx({ webRoot: site, apiUpstream: upstream.address, limits });
  return {
    upstream,
    nginx,
    url: (path) => `${nginx.baseUrl}${path}`,
    async stop() {
      await nginx.stop();
      await upstream.close();
      await rm(site, { recursive: true, force: true });
    },
  };
}
