import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupContext, type DocsWorld, docsWorld, newFolder } from '../../../../test/documents';
import { type AppContext, NO_NOTIFICATIONS } from '../../../app-context';
import type { AppEvents } from '../../../platform/events/events';
import { workflowsSeam } from '../../workflows/workflows.seam';
import { fileContent, systemFiling } from './filing.service';

/** A system caller (the intake, a job, the seal) files a stream without a person. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-filing-'));
let w: DocsWorld;
let ctx: AppContext;
let firm = 0;
let base = 0;
const created: AppEvents['document.created'][] = [];
const added: AppEvents['document.version_added'][] = [];
beforeAll(async () => {
  w = await docsWorld({ env: { DATA_DIR: dataDir } });
  ctx = {
    ...cleanupContext(w, dataDir),
    events: w.t.events,
    jobs: w.t.jobs,
    workflows: workflowsSeam(),
    notifications: NO_NOTIFICATIONS,
  } as AppContext;
  firm = (await w.call('GET', `/api/vendors/${w.vendor}`)).body.data.accounting_firm_id;
  base = await newFolder(w, 'Intake', w.root);
  w.t.events.on('document.created', (e) => void created.push(e));
  w.t.events.on('document.version_added', (e) => void added.push(e));
});
afterAll(async () => {
  await w.t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const intake = () => systemFiling({ id: w.vendor, accountingFirmId: firm }, 'intake');
const stream = (text: string) => ({ stream: Readable.from([Buffer.from(text)]) });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const get = (url: string) => w.call('GET', `/api/vendors/${w.vendor}${url}`);

describe('fileContent', () => {
  it('files a stream under the folders of a relative path, by the system, with its events', async () => {
    const filed = await fileContent(ctx, intake(), base, 'scan.pdf', stream('%PDF scan'), {
      conflict: 'refuse',
      dirs: ['2026', 'Janvier'],
      md5: md5('%PDF scan'),
    });
    expect(filed.created).toBe(true);
    const doc = (await get(`/documents/${filed.documentId}`)).body.data;
    expect(doc).toMatchObject({ name: 'scan.pdf', mime_type: 'application/pdf', size: 9 });
    expect((await get(`/documents/${filed.documentId}/content`)).body).toBe('%PDF scan');
    const [version] = (await get(`/documents/${filed.documentId}/versions`)).body.data;
    expect(version).toMatchObject({ author: null, md5: md5('%PDF scan'), original_name: 'scan.pdf' });
    const year = (await get(`/folders?parent_id=${base}`)).body.data;
    expect(year.map((f: { name: string }) => f.name)).toEqual(['2026']);
    await new Promise((r) => setImmediate(r));
    const who = { accountingFirmId: firm, vendorId: w.vendor, userId: null, system: 'intake' };
    expect(created).toEqual([{ ...who, documentId: filed.documentId }]);
    expect(added).toEqual([{ ...who, documentId: filed.documentId, versionId: filed.versionId }]);
    // The temporary file of the stream is gone once filed.
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'incoming'))).toEqual([]);
  });

  it('applies the conflict rule; a wrong MD5 files nothing', async () => {
    const options = { conflict: 'refuse' as const, dirs: ['2026', 'Janvier'] };
    await expect(fileContent(ctx, intake(), base, 'SCAN.pdf', stream('x'), options)).rejects.toMatchObject({
      code: 'node-name-conflict',
    });
    await expect(
      fileContent(ctx, intake(), base, 'scan.pdf', stream('y'), {
        ...options,
        conflict: 'version',
        md5: md5('z'),
      }),
    ).rejects.toMatchObject({ code: 'checksum-failed' });
    const version = await fileContent(ctx, intake(), base, 'scan.pdf', stream('v2'), {
      ...options,
      conflict: 'version',
    });
    expect(version.created).toBe(false);
    const renamed = await fileContent(ctx, intake(), base, 'scan.pdf', stream('other'), {
      ...options,
      conflict: 'rename',
    });
    expect(renamed.created).toBe(true);
    expect((await get(`/documents/${renamed.documentId}`)).body.data.name).toBe('scan (2).pdf');
    expect((await get(`/documents/${version.documentId}/versions`)).body.data).toHaveLength(2);
    expect((await get(`/documents/${version.documentId}/content`)).body).toBe('v2');
  });
});

describe('fileContent under a workflow', () => {
  it('gives the new document the initial status in the filing’s transaction, named by the system', async () => {
    const flow = await w.call('POST', `/api/vendors/${w.vendor}/workflows`, 'expert', {
      name: 'Intake flow',
      statuses: [
        { key: 'in', name: 'Reçu' },
        { key: 'done', name: 'Traité' },
      ],
    });
    expect(flow.status, JSON.stringify(flow.body)).toBe(201);
    const folder = await newFolder(w, 'Intake flow', w.root);
    const put = await w.call('PUT', `/api/vendors/${w.vendor}/folders/${folder}/workflow`, 'expert', {
      workflow_id: flow.body.data.id,
      apply_to: 'new_documents',
    });
    expect(put.status).toBe(200);
    // No listener runs here (the status is not an event's consequence): the row is there at once.
    const seen: number[] = [];
    const filed = await fileContent(ctx, intake(), folder, 'in.pdf', stream('%PDF in'), {
      conflict: 'refuse',
      within: async () => {
        seen.push(1);
      },
    });
    expect(seen).toEqual([1]);
    const status = (await get(`/documents/${filed.documentId}/status`)).body.data;
    expect(status.status).toMatchObject({ id: flow.body.data.statuses[0].id, name: 'Reçu' });
    const history = (await get(`/documents/${filed.documentId}/status-history`)).body.data;
    expect(history).toMatchObject([
      { from: null, to: { name: 'Reçu' }, actor: { id: null, fullname: 'intake' } },
    ]);
    // A filing refused in its transaction leaves nothing behind.
    await expect(
      fileContent(ctx, intake(), folder, 'out.pdf', stream('%PDF out'), {
        conflict: 'refuse',
        within: async () => {
          throw new Error('refused');
        },
      }),
    ).rejects.toThrow('refused');
    const names = (await get(`/folders/${folder}/nodes`)).body.data.map((n: { name: string }) => n.name);
    expect(names).toEqual(['in.pdf']);
  });
});
