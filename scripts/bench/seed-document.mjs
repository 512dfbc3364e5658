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

/**
 * `count` documents in `folder`, written straight into the database with one version each on the
 * seed's blob (`dated`: two in three carry a start date, as the listing's sort reads it); their
 * ids, ascending. `db` is a connected pg client.
 */
export async function seedDocuments(
  db,
  { firm, vendor, folder, author, blobKey, md5, size = 1234, count, dated = false, name = 'Pièce' },
) {
  await db.query(
    `WITH docs AS (
       INSERT INTO documents (accounting_firm_id, vendor_id, folder_id, name, created_by, start_date)
       SELECT $1, $2, $3, $9 || ' ' || lpad(g::text, 5, '0') || '.pdf', $4,
              CASE WHEN NOT $10::boolean OR g % 3 = 0 THEN NULL ELSE DATE '2025-01-01' + (g % 365) END
         FROM generate_series(1, $8::int) g RETURNING id)
     INSERT INTO document_versions (accounting_firm_id, document_id, blob_key, size, mime_type, original_name,
                                    stored_name, md5, author_id)
     SELECT $1, id, $5, $7, 'application/pdf', 'piece.pdf', '17000000000001.pdf', $6, $4 FROM docs`,
    [firm, vendor, folder, author, blobKey, md5, size, count, name, dated],
  );
  const { rows } = await db.query(
    `UPDATE documents d SET current_version_id = v.id FROM document_versions v
      WHERE v.accounting_firm_id = d.accounting_firm_id AND v.document_id = d.id
        AND d.accounting_firm_id = $1 AND d.folder_id = $2 AND d.current_version_id IS NULL
     RETURNING d.id`,
    [firm, folder],
  );
  await db.query('ANALYZE documents; ANALYZE document_versions; ANALYZE folders; ANALYZE document_reads');
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}
