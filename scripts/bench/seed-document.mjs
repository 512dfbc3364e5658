// What the documents benches share: an authenticated API call, and a small document uploaded in
// one chunk whose blob backs every version they then write straight into the database.

/** One authenticated JSON call (throws on a failure): the answer's body, null for a 204. */
export async function api(base, token, method, url, body) {
  const res = await fetch(base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? null : res.json();
}

/** A small document uploaded in one chunk (its blob backs every seeded version): its version. */
export async function seedDocument(base, token, vendor, folder, label) {
  const bytes = Buffer.from(`%PDF-1.4 bench ${label}`);
  const form = new FormData();
  const fields = {
    flowChunkNumber: 1,
    flowChunkSize: 1024 * 1024,
    flowCurrentChunkSize: bytes.length,
    flowTotalSize: bytes.length,
    flowIdentifier: `${bytes.length}-bench${label}`,
    flowFilename: `${label}.pdf`,
    flowRelativePath: `${label}.pdf`,
    flowTotalChunks: 1,
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  form.append('file', new Blob([bytes]), 'blob');
  const res = await fetch(`${base}/api/vendors/${vendor}/folders/${folder}/uploads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (!res.ok) throw new Error(`seed upload: ${res.status} ${await res.text()}`);
  const id = (await res.json()).data.id;
  return (await api(base, token, 'GET', `/api/vendors/${vendor}/documents/${id}/versions`)).data[0];
}
