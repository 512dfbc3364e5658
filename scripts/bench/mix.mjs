// The realistic read mix: what the web app asks for when people work (start-up white label,
// profile, firm and client lists, client file tabs). Later modules add their reads here.
import { signIn } from './server.mjs';

/** The reads people make; `probes` adds the worst cases measured on their own (routes bench). */
export async function readMix(base, { probes = false } = {}) {
  const expert = await signIn(base, 'expert@demo.test');
  const client = await signIn(base, 'client@demo.test');
  const collab = await signIn(base, 'collab@demo.test');
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  const res = await fetch(`${base}/api/users/me/accounting-firms/1/vendors`, { headers: auth(expert) });
  const idOf = Object.fromEntries((await res.json()).data.map((v) => [v.client_code, v.id]));
  // Boulangerie Martin has client users; Fleurs et Compagnie has a bank, an address, two years.
  const [boulangerie, fleurs] = [idOf.BOUL01, idOf.FLE01];
  const themes = await seedThemes(base, auth(expert));
  await seedTasks(base, auth(expert), Object.values(idOf), themes);
  const reads = [
    { name: 'white label (public start-up)', method: 'GET', path: '/api/' },
    { name: 'profile', method: 'GET', path: '/api/users/me', headers: auth(collab) },
    { name: 'my firms', method: 'GET', path: '/api/users/me/accounting-firms', headers: auth(expert) },
    {
      name: 'my client files (client user)',
      method: 'GET',
      path: '/api/users/me/accounting-firms/1/vendors',
      headers: auth(client),
    },
    {
      name: 'firm client list, 25 per page',
      method: 'GET',
      path: '/api/accounting-firms/1/vendors?per_page=25',
      headers: auth(expert),
    },
    { name: 'client file', method: 'GET', path: `/api/vendors/${boulangerie}`, headers: auth(collab) },
    { name: 'client file banks', method: 'GET', path: `/api/vendors/${fleurs}/banks`, headers: auth(expert) },
    {
      name: 'client file addresses',
      method: 'GET',
      path: `/api/vendors/${fleurs}/addresses`,
      headers: auth(expert),
    },
    {
      name: 'client file financial years',
      method: 'GET',
      path: `/api/vendors/${fleurs}/accounting-periods`,
      headers: auth(expert),
    },
    {
      name: 'client file users',
      method: 'GET',
      path: `/api/vendors/${boulangerie}/users`,
      headers: auth(expert),
    },
    {
      name: 'my roles in a client file',
      method: 'GET',
      path: `/api/vendors/${boulangerie}/roles`,
      headers: auth(client),
    },
    {
      name: 'tasks, by status and company (admin mode)',
      target: 0.4, // issue 14: the task list and counters over 10,000 tasks
      method: 'GET',
      path: `/api/tasks?accounting_firm_id=1&adminMode=true&statuses[]=to_do&statuses[]=in_progress&companies[]=${boulangerie}`,
      headers: auth(expert),
    },
    {
      name: 'tasks, by theme (admin mode)',
      target: 0.4, // the list's themes filter over the same 10,000 tasks
      method: 'GET',
      path: `/api/tasks?accounting_firm_id=1&adminMode=true&themes[]=${themes[0]}`,
      headers: auth(expert),
    },
    {
      name: 'task counters',
      target: 0.4, // issue 14: the task list and counters over 10,000 tasks
      method: 'GET',
      path: '/api/tasks/counters?accounting_firm_id=1',
      headers: auth(collab),
    },
    {
      // The lists and counters are answered from a per-firm cache that any task change clears:
      // a new search on every request shows what a read costs when the cache cannot answer.
      name: 'tasks, a new search each time (not cached)',
      target: 0, // reported, no target
      probe: true, // a worst case measured on its own, not part of what people do (soak, load)
      method: 'GET',
      path: '/api/tasks?accounting_firm_id=1&adminMode=true&search=1',
      paths: Array.from(
        { length: 5000 },
        (_, i) =>
          `/api/tasks?accounting_firm_id=1&adminMode=true&search=${encodeURIComponent(`mesure ${i + 1}`)}`,
      ),
      headers: auth(expert),
    },
    {
      name: 'home (client user)',
      target: 0, // reported, no target (issue 14 names the list and the counters)
      method: 'GET',
      path: '/api/home?accounting_firm_id=1',
      headers: auth(client),
    },
  ];
  return probes ? reads : reads.filter((r) => !r.probe);
}

const TASKS = Number(process.env.BENCH_TASKS ?? 10_000);
const STATUSES = ['to_do', 'in_progress', 'done'];

/** Three themes of the firm (three tasks in four carry one of them). */
async function seedThemes(base, headers) {
  const ids = [];
  for (const title of ['Social', 'Fiscal', 'Juridique']) {
    const res = await fetch(`${base}/api/accounting-firms/1/themes`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ title: `${title} (mesure)` }),
    });
    if (!res.ok) throw new Error(`seeding theme ${title}: ${res.status} ${await res.text()}`);
    ids.push((await res.json()).data.id);
  }
  return ids;
}

/**
 * The firm's 10,000 tasks (BENCH_TASKS), through the API, spread over its client files, statuses,
 * a year of due dates and the themes, so that the task list and counters are measured on a real
 * volume.
 */
async function seedTasks(base, headers, vendorIds, themeIds) {
  let next = 0;
  const day = (i) => new Date(Date.UTC(2026, 0, 1 + (i % 365))).toISOString().slice(0, 10);
  const worker = async () => {
    while (next < TASKS) {
      const i = next++;
      const res = await fetch(`${base}/api/tasks`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          title: `Tâche de mesure ${i + 1}`,
          type: i % 4 === 0 ? 'information_request' : 'firm_task',
          status: STATUSES[i % 3],
          vendor_id: vendorIds[i % vendorIds.length],
          due_date: day(i),
          theme_ids: i % 4 === 3 ? [] : [themeIds[i % themeIds.length]],
        }),
      });
      if (!res.ok) throw new Error(`seeding task ${i + 1}: ${res.status} ${await res.text()}`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
}

const WRITE_FILES = 50;

/**
 * Writes people make all day, measured on their own (not part of the read mix): each request
 * edits one of 50 client files in turn, as a firm's people edit different files (50 connections
 * on ONE row would measure the row lock, not the request path).
 */
export async function writeMix(base) {
  const expert = await signIn(base, 'expert@demo.test');
  const headers = { authorization: `Bearer ${expert}`, 'content-type': 'application/json' };
  const paths = [];
  for (let i = 1; i <= WRITE_FILES; i++) {
    const res = await fetch(`${base}/api/accounting-firms/1/vendors`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        company: `Dossier de mesure ${i}`,
        corporate_name: `Dossier de mesure ${i} SARL`,
        client_code: `MESURE${i}`,
        identifier_type: 'other',
        identifier: `MESURE-${i}`,
      }),
    });
    if (!res.ok) throw new Error(`creating client file ${i}: ${res.status} ${await res.text()}`);
    paths.push(`/api/vendors/${(await res.json()).data.id}`);
  }
  return [
    {
      name: 'edit client file notes (write)',
      method: 'PATCH',
      path: paths[0],
      paths,
      headers,
      body: JSON.stringify({ notes: 'Relance TVA envoyée.' }),
    },
  ];
}

/** autocannon takes method, path, headers and body per request; `paths` are taken in turn. */
export const forAutocannon = (requests) =>
  requests.map(({ method, path, paths, headers, body }) => {
    if (!paths) return { method, path, headers, body };
    let next = 0;
    return {
      method,
      path,
      headers,
      body,
      setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }),
    };
  });
