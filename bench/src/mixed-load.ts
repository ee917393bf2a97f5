// 1,000 requests of the kinds the site really gets, in a fixed mix, through
// nginx: page loads, health checks, logins, document lists, small downloads
// and contact mails. Run in batches of 10 concurrent requests.
export interface MixedLoadTarget {
  baseUrl: string;
  username: string;
  password: string;
  token: string;
  smallFile: string;
}

type Request = (target: MixedLoadTarget) => Promise<Response>;

const auth = (target: MixedLoadTarget) => ({ Authorization: `Bearer ${target.token}` });
const json = { 'Content-Type': 'application/json' };

const MIX: Request[] = [
  (t) => fetch(`${t.baseUrl}/`),
  (t) => fetch(`${t.baseUrl}/api/health`),
  (t) => fetch(`${t.baseUrl}/api/documents`, { headers: auth(t) }),
  (t) => fetch(`${t.baseUrl}/api/download/${t.smallFile}`, { headers: auth(t) }),
  (t) =>
    fetch(`${t.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: t.username, password: t.password }),
    }),
  (t) =>
    fetch(`${t.baseUrl}/api/mail`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Bench', email: 'bench@example.ch', message: 'Hallo' }),
    }),
  (t) => fetch(`${t.baseUrl}/api/auth/login`, { method: 'POST', headers: json, body: '{}' }),
  (t) => fetch(`${t.baseUrl}/api/download/unbekannt.pdf`, { headers: auth(t) }),
];

/** Sends `total` requests; returns how many answered with a 5xx status. */
export async function runMixedLoad(target: MixedLoadTarget, total = 1000): Promise<number> {
  let serverErrors = 0;
  for (let sent = 0; sent < total; sent += 10) {
    const batch = Array.from({ length: 10 }, (_, i) => MIX[(sent + i) % MIX.length](target));
    for (const response of await Promise.all(batch)) {
      await response.arrayBuffer();
      if (response.status >= 500) serverErrors += 1;
    }
  }
  return serverErrors;
}
