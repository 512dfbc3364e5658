// Part (e) of `npm run bench -- documents` (`BENCH_DOCUMENTS_PARTS=themes` alone), issue 26:
// - the first page of a folder of 10,000 documents listed by a firm collaborator holding themes
//   (the folder tagged with one of them, a workflow active on it, every document with a status)
//   against the same listing without (a twin folder, untagged, no workflow, the collaborator with
//   `all_themes`); target 0.9; and against the one-query floor (floor.mjs); target 0.4. The floor,
//   the listing without and the listing with are measured in turn, three rounds
//   (`BENCH_THEMES_ROUNDS`); the ratios are the medians of the rounds' (the machine drifts);
// - tagging a folder whose subtree holds 10,000 folders (PUT .../folders/{id}/themes): target
//   under 1 s, with a change of tags and an untagging reported too.
import pg from 'pg';
import { startFloor } from './floor.mjs';
import { measure } from './measure.mjs';
import { api, seedDocument, seedDocuments } from './seed-document.mjs';
import { cpuSecondsOf, signIn } from './server.mjs';

const LISTED = 10_000;
const ROUNDS = Number(process.env.BENCH_THEMES_ROUNDS ?? 3);
const SUBTREE = { children: 100, grandchildren: 99 }; // 100 + 100 × 99 = 10,000 folders
export const THEMES_TARGET = { withThemes: 0.9, floor: 0.4, tagMs: 1000 };

/** 10,000 folders under `top` (100 children of 99 children each), written straight into the database. */
async function seedSubtree(db, { firm, vendor, top }) {
  await db.query(
    `INSERT INTO folders (accounting_firm_id, vendor_id, parent_id, name)
     SELECT $1, $2, $3, 'Dossier ' || lpad(g::text, 3, '0') FROM generate_series(1, $4::int) g`,
    [firm, vendor, top, SUBTREE.children],
  );
  await db.query(
    `INSERT INTO folders (accounting_firm_id, vendor_id, parent_id, name)
     SELECT $1, $2, p.id, 'Sous-dossier ' || lpad(g::text, 3, '0')
       FROM folders p CROSS JOIN generate_series(1, $4::int) g
      WHERE p.accounting_firm_id = $1 AND p.parent_id = $3`,
    [firm, vendor, top, SUBTREE.grandchildren],
  );
}

const timed = async (send) => {
  const start = process.hrtime.bigint();
  await send();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

export async function runThemesPart({ server, databaseUrl, seconds, floorPort = 4763 }) {
  const expert = await signIn(server.base, 'expert@demo.test');
  const collab = await signIn(server.base, 'collab@demo.test');
  const me = (await api(server.base, expert, 'GET', '/api/users/me')).data;
  const collabId = (await api(server.base, collab, 'GET', '/api/users/me')).data.id;
  const firms = (await api(server.base, expert, 'GET', '/api/users/me/accounting-firms')).data;
  const firm = firms.find((f) => f.name === 'Cabinet Démo') ?? firms[0];
  const vendor = (await api(server.base, collab, 'GET', `/api/users/me/accounting-firms/${firm.id}/vendors`))
    .data[0].id;
  const root = (await api(server.base, expert, 'GET', `/api/vendors/${vendor}/folders`)).data[0].id;
  const mkdir = async (name, parent = root) =>
    (await api(server.base, expert, 'POST', `/api/vendors/${vendor}/folders`, { name, parent_id: parent }))
      .data.id;
  const plain = await mkdir('Bench sans thèmes');
  const tagged = await mkdir('Bench thèmes');
  const tree = await mkdir('Bench arbre');
  const version = await seedDocument(server.base, expert, vendor, await mkdir('Bench graine'), 'themes');
  const theme = async (title, rights) =>
    (
      await api(server.base, expert, 'POST', `/api/accounting-firms/${firm.id}/themes`, {
        title,
        sharing: 'shared',
        rights,
      })
    ).data.id;
  const rw = await theme('Bench RW', 'read_write');
  const ro = await theme('Bench RO', 'read_only');

  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const { rows } = await db.query('SELECT blob_key FROM document_versions WHERE id = $1', [version.id]);
  const seed = {
    firm: firm.id,
    vendor,
    author: me.id,
    blobKey: rows[0].blob_key,
    md5: version.md5,
    size: version.size,
  };
  await seedDocuments(db, { ...seed, folder: plain, count: LISTED, dated: true, name: 'Facture' });
  await seedDocuments(db, { ...seed, folder: tagged, count: LISTED, dated: true, name: 'Facture' });
  await seedSubtree(db, { firm: firm.id, vendor, top: tree });
  await db.query('ANALYZE documents; ANALYZE document_versions; ANALYZE folders');

  // The tagged folder: one theme the collaborator holds, a workflow whose initial status every
  // document gets.
  await api(server.base, expert, 'PUT', `/api/vendors/${vendor}/folders/${tagged}/themes`, {
    theme_ids: [rw],
  });
  const workflow = (
    await api(server.base, expert, 'POST', `/api/vendors/${vendor}/workflows`, {
      name: 'Bench pièces',
      sharing: 'shared',
      statuses: [
        { key: 'a-completer', name: 'À compléter' },
        { key: 'envoye', name: 'Envoyé' },
        { key: 'valide', name: 'Validé', is_final: true },
      ],
    })
  ).data.id;
  await api(server.base, expert, 'PUT', `/api/vendors/${vendor}/folders/${tagged}/workflow`, {
    workflow_id: workflow,
    apply_to: 'existing_documents',
  });
  const statuses = Number(
    (
      await db.query(
        `SELECT count(*) AS n FROM node_statuses s JOIN documents d
            ON d.accounting_firm_id = s.accounting_firm_id AND d.id = s.document_id WHERE d.folder_id = $1`,
        [tagged],
      )
    ).rows[0].n,
  );
  await db.query('ANALYZE node_statuses; ANALYZE folder_workflows');

  const member = `/api/accounting-firms/${firm.id}/members/${collabId}`;
  /** A measure with the CPU its process spent per request (ms): steadier than req/s on a shared machine. */
  const withCpu = async (pid, run) => {
    const before = cpuSecondsOf(pid);
    const m = await run();
    return { ...m, cpuMs: ((cpuSecondsOf(pid) - before) * 1000) / Math.max(1, m.total) };
  };
  const page = (folder, duration = seconds) =>
    measure({
      url: server.base,
      connections: 50,
      duration,
      requests: [
        {
          path: `/api/vendors/${vendor}/folders/${folder}/nodes`,
          headers: { authorization: `Bearer ${collab}` },
        },
      ],
    });
  const without = async () => {
    await api(server.base, expert, 'PATCH', member, { all_themes: true });
    const first = await api(server.base, collab, 'GET', `/api/vendors/${vendor}/folders/${plain}/nodes`);
    if (first.total !== LISTED) throw new Error(`the plain folder lists ${first.total} nodes`);
    await page(plain, 2);
    return withCpu(server.pid, () => page(plain));
  };
  const withThemes = async () => {
    await api(server.base, expert, 'PATCH', member, { theme_ids: [rw, ro] });
    const first = await api(server.base, collab, 'GET', `/api/vendors/${vendor}/folders/${tagged}/nodes`);
    if (first.total !== LISTED) throw new Error(`the tagged folder lists ${first.total} nodes`);
    if (!first.data[0]?.workflow_status) throw new Error('the tagged folder shows no workflow status');
    await page(tagged, 2);
    return withCpu(server.pid, () => page(tagged));
  };
  // The floor, the listing without and the listing with, in turn, ROUNDS times: on a shared
  // machine the cores' share drifts within a run, each figure is the mean of its rounds.
  const floor = await startFloor(floorPort, databaseUrl);
  const onFloor = (duration) =>
    measure({ url: floor.base, connections: 50, duration, requests: [{ path: floor.path }] });
  const runs = { floor: [], without: [], with: [] };
  for (let i = 0; i < ROUNDS; i++) {
    await onFloor(2);
    runs.floor.push(await withCpu(floor.pid, () => onFloor(seconds)));
    // Each pair in both orders across the rounds: neither always meets the machine's later share.
    if (i % 2 === 0) {
      runs.without.push(await without());
      runs.with.push(await withThemes());
    } else {
      runs.with.push(await withThemes());
      runs.without.push(await without());
    }
  }
  await floor.stop();
  const mean = (list) => ({
    rps: Math.round(list.reduce((s, m) => s + m.rps, 0) / list.length),
    cpuMs: list.reduce((s, m) => s + m.cpuMs, 0) / list.length,
    p99: Math.max(...list.map((m) => m.p99)),
  });
  const plainM = mean(runs.without);
  const themedM = mean(runs.with);
  const floorM = mean(runs.floor);

  // Tagging the folder of 10,000 subfolders: a tag, a change of tags, the tags removed.
  const subtreeSize = Number(
    (
      await db.query(
        `WITH RECURSIVE s(id) AS (SELECT $1::int UNION ALL SELECT f.id FROM folders f JOIN s ON f.parent_id = s.id)
         SELECT count(*) - 1 AS n FROM s`,
        [tree],
      )
    ).rows[0].n,
  );
  const tag = (ids) =>
    timed(() =>
      api(server.base, expert, 'PUT', `/api/vendors/${vendor}/folders/${tree}/themes`, { theme_ids: ids }),
    );
  const tagMs = await tag([rw]);
  const tagged10k = Number(
    (await db.query('SELECT count(*) AS n FROM folders WHERE effective_theme_ids = $1::int[]', [`{${rw}}`]))
      .rows[0].n,
  );
  const retagMs = await tag([rw, ro]);
  const untagMs = await tag([]);
  // The tagging's floor at the same moment: the one statement writing the subtree's column (its
  // triggers included), rolled back, before and after a tag; on a shared machine the ratio is the
  // steadier figure.
  const floorTag = () =>
    timed(async () => {
      await db.query('BEGIN');
      await db.query(
        `WITH RECURSIVE s(id) AS (SELECT $1::int UNION ALL SELECT f.id FROM folders f JOIN s ON f.parent_id = s.id)
         UPDATE folders SET effective_theme_ids = $2::int[] WHERE id IN (SELECT id FROM s)`,
        [tree, `{${rw}}`],
      );
      await db.query('ROLLBACK');
    });
  const floorBefore = await floorTag();
  const againMs = await tag([rw]);
  const floorAfter = await floorTag();
  await tag([]);
  const tagFloorMs = (floorBefore + floorAfter) / 2;
  await db.end();
  if (tagged10k < subtreeSize + 1) throw new Error(`only ${tagged10k} folders carry the tag`);

  // The median of each round's ratio (a round's three runs share the machine's load of the moment).
  const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];
  const ratio = median(runs.with.map((m, i) => m.rps / runs.without[i].rps));
  const floorRatio = median(runs.with.map((m, i) => m.rps / runs.floor[i].rps));
  // The CPU each request cost its process (without / with: the same as req/s on a machine of one's own).
  const cpuRatio = plainM.cpuMs / themedM.cpuMs;
  const cpuFloorRatio = floorM.cpuMs / themedM.cpuMs;
  const ms = (m) => m.cpuMs.toFixed(3);
  console.log(
    `CPU per request: without ${ms(plainM)} ms, with ${ms(themedM)} ms (ratio ${cpuRatio.toFixed(2)}), floor ${ms(floorM)} ms (ratio ${cpuFloorRatio.toFixed(2)})`,
  );
  console.log(
    `first page of ${LISTED} by a collaborator: without themes ${runs.without.map((m) => m.rps).join(' / ')} req/s; holding themes, the folder tagged, a workflow active (${statuses} statuses) ${runs.with.map((m) => m.rps).join(' / ')} req/s; ratio ${ratio.toFixed(2)} (target ${THEMES_TARGET.withThemes}); floor ${runs.floor.map((m) => m.rps).join(' / ')} req/s, ratio ${floorRatio.toFixed(2)} (target ${THEMES_TARGET.floor})`,
  );
  console.log(
    `tagging a folder of ${subtreeSize} subfolders: ${tagMs.toFixed(0)} ms (${tagged10k} folders carry it); two tags ${retagMs.toFixed(0)} ms; untagged ${untagMs.toFixed(0)} ms; tagged again ${againMs.toFixed(0)} ms beside the floor (one UPDATE of the subtree) ${floorBefore.toFixed(0)} / ${floorAfter.toFixed(0)} ms: ratio ${(againMs / tagFloorMs).toFixed(2)} (target under ${THEMES_TARGET.tagMs} ms)`,
  );
  const missed =
    ratio < THEMES_TARGET.withThemes ||
    floorRatio < THEMES_TARGET.floor ||
    Math.max(tagMs, retagMs, untagMs, againMs) >= THEMES_TARGET.tagMs;
  return {
    missed,
    lines: [
      `| first page (25) of a folder of ${LISTED} documents by a collaborator, 50 conn, without themes or workflow | ${plainM.rps} req/s, p99 ${plainM.p99} ms; CPU ${ms(plainM)} ms per request | | | |`,
      `| the same holding themes, the folder tagged, a workflow active (every document with a status) | ${themedM.rps} req/s, p99 ${themedM.p99} ms; CPU ${ms(themedM)} ms per request | without ${plainM.rps} req/s; floor ${floorM.rps} req/s, CPU ${ms(floorM)} ms | ${ratio.toFixed(2)} (target ${THEMES_TARGET.withThemes}), CPU ${cpuRatio.toFixed(2)}; ${floorRatio.toFixed(2)} (target ${THEMES_TARGET.floor}), CPU ${cpuFloorRatio.toFixed(2)} | |`,
      `| tagging a folder whose subtree holds ${subtreeSize} folders (PUT .../themes), then two tags, then none, then one again | ${tagMs.toFixed(0)} / ${retagMs.toFixed(0)} / ${untagMs.toFixed(0)} / ${againMs.toFixed(0)} ms | one UPDATE of the subtree ${tagFloorMs.toFixed(0)} ms | ${(againMs / tagFloorMs).toFixed(2)} of the floor (target under ${THEMES_TARGET.tagMs} ms) | |`,
    ],
  };
}
