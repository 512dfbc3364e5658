// The realistic read mix: what the web app asks for when people work (start-up white label,
// profile, firm and client lists, client file tabs). Later modules add their reads here.
import { signIn } from './server.mjs';

export async function readMix(base) {
  const expert = await signIn(base, 'expert@demo.test');
  const client = await signIn(base, 'client@demo.test');
  const collab = await signIn(base, 'collab@demo.test');
  const auth = (token) => ({ authorization: `Bearer ${token}` });
  return [
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
    { name: 'client file', method: 'GET', path: '/api/vendors/1', headers: auth(collab) },
    { name: 'client file banks', method: 'GET', path: '/api/vendors/1/banks', headers: auth(expert) },
    { name: 'client file addresses', method: 'GET', path: '/api/vendors/1/addresses', headers: auth(expert) },
    {
      name: 'client file financial years',
      method: 'GET',
      path: '/api/vendors/1/accounting-periods',
      headers: auth(client),
    },
    { name: 'client file users', method: 'GET', path: '/api/vendors/1/users', headers: auth(expert) },
    { name: 'my roles in a client file', method: 'GET', path: '/api/vendors/1/roles', headers: auth(client) },
  ];
}

/** autocannon takes only method, path, headers and body per request. */
export const forAutocannon = (requests) =>
  requests.map(({ method, path, headers, body }) => ({ method, path, headers, body }));
