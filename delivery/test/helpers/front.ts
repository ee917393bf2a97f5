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

/** Limits small enough for a test to reach: 1 + burst requests pass. */
const SMALL_LIMITS = {
  NGINX_LOGIN_RATE: '1r/m',
  NGINX_LOGIN_BURST: '2',
  NGINX_MAIL_RATE: '1r/m',
  NGINX_MAIL_BURST: '1',
};

/**
 * `limits`: further tunable limits of nginx, over the small ones; `accessLog`: a file for
 * nginx's access log (none by default).
 */
export async function startFront(
  limits: Record<string, string> = {},
  accessLog?: string,
): Promise<Front> {
  const site = await makeStaticSite();
  const upstream = await startFakeUpstream();
  const nginx = await startNginx({
    webRoot: site,
    apiUpstream: upstream.address,
    accessLog,
    limits: { ...SMALL_LIMITS, ...limits },
  });
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
