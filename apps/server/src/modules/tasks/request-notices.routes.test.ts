import { encodeContext } from '@portal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientUser, buildUser, buildVendor } from '../../../test/factories';
import { buildTaskWorld, day, type TaskWorld } from '../../../test/task-world';
import { createTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let w: TaskWorld;

beforeAll(async () => {
  t = await createTestApp();
  w = await buildTaskWorld(t);
}, 60_000);
afterAll(() => t.close());

const create = async (payload: object, vendorId = w.alpha.id) => {
  const res = await t.request({
    method: 'POST',
    url: '/api/tasks',
    token: w.tokens.collab,
    payload: { title: `Demande ${Math.random()}`, status: 'to_do', vendor_id: vendorId, ...payload },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data as { id: number; title: string };
};

describe('a new information request', () => {
  it("mails the client file's users who may answer it, with the items and a link to the request", async () => {
    const before = t.mails.length;
    const task = await create({
      type: 'information_request',
      due_date: day(5),
      items: [
        { label: 'Relevés de décembre', kind: 'document' },
        { label: 'Stock au 31/12', kind: 'answer' },
      ],
    });
    const sent = t.mails.slice(before);
    // The client administrator of Alpha; not its guest, not Beta's client, not the firm.
    expect(sent.map((m) => m.to)).toEqual([w.people.client.email]);
    const [mail] = sent;
    expect(mail!.subject).toBe(`Nouvelle demande d'informations : ${task.title}`);
    expect(mail!.text).toContain('Relevés de décembre');
    expect(mail!.text).toContain('Stock au 31/12');
    expect(mail!.text).toContain('Alpha SARL');
    expect(mail!.link).toBe(
      `http://portal.test/tasks/${encodeContext(w.firm.id, w.alpha.id)}?task=${task.id}`,
    );
    expect(mail!.text).toContain(mail!.link);
  });

  it("writes in each recipient's language", async () => {
    const { vendor } = await buildVendor(w.db, { firm: w.firm, company: 'Gamma Ltd' });
    const { user: english } = await buildUser(w.db, { locale: 'en' });
    await buildClientUser(w.db, { vendor, user: english, role: 'admin' });
    const { user: brazilian } = await buildUser(w.db, { locale: 'pt' });
    await buildClientUser(w.db, { vendor, user: brazilian });
    const { user: invited } = await buildUser(w.db);
    await buildClientUser(w.db, { vendor, user: invited, pending: true });
    const before = t.mails.length;
    const res = await t.request({
      method: 'POST',
      url: '/api/tasks',
      token: w.tokens.allFiles,
      payload: { title: 'Bilan', type: 'information_request', status: 'to_do', vendor_id: vendor.id },
    });
    expect(res.status).toBe(201);
    const sent = t.mails.slice(before);
    expect(sent.map((m) => m.to).sort()).toEqual([english.email, brazilian.email].sort());
    expect(sent.find((m) => m.to === english.email)!.subject).toBe('New information request: Bilan');
    expect(sent.find((m) => m.to === brazilian.email)!.subject).toBe(
      'Nova solicitação de informações: Bilan',
    );
  });

  it('mails nobody for an internal request, another kind of task, or a request created done', async () => {
    const before = t.mails.length;
    await create({ type: 'information_request', internal: true });
    await create({ type: 'firm_task' });
    await create({ type: 'information_request', status: 'done' });
    expect(t.mails.slice(before)).toEqual([]);
  });
});
