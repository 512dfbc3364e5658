import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClientUser, type FactoryDb } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { mailOutbox } from '../../db/schema';

/**
 * Asking for a reset link tells nothing about who has an account: the request queues the same job
 * for every email and answers at once; the outbox sends the mail afterwards, when there is one.
 */
let t: TestApp;
let known: string;
const unknown = 'nobody@factory.test';
beforeAll(async () => {
  t = await createTestApp();
  known = (await buildClientUser(t.database.db as FactoryDb)).user.email;
});
afterAll(() => t.close());

/** Straight through `app.inject`: the test app's `request` would send the queued mails at once. */
const ask = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-resets',
    payload: { email },
    remoteAddress: '10.1.2.3',
  });
const comparable = (headers: Record<string, unknown>) => {
  const { date: _date, 'x-request-id': _id, ...rest } = headers;
  return rest;
};

describe('POST /api/password-resets', () => {
  it('answers a known and an unknown email alike, sends nothing inside the request, then mails the account', async () => {
    t.mails.length = 0;
    const forKnown = await ask(known);
    const forUnknown = await ask(unknown);
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.body).toBe(forKnown.body);
    expect(comparable(forUnknown.headers)).toEqual(comparable(forKnown.headers));
    // Neither request sent a mail nor looked the account up: both queued the same job.
    expect(t.mails).toEqual([]);
    const queued = await t.database.db.select().from(mailOutbox);
    expect(queued.slice(-2).map((row) => [row.kind, row.payload])).toEqual([
      ['password-reset', { email: known, locale: 'fr' }],
      ['password-reset', { email: unknown, locale: 'fr' }],
    ]);

    await t.drainMail();
    expect(t.mails.map((mail) => mail.to)).toEqual([known]);
    expect(t.mails[0]!.link).toMatch(/^http:\/\/portal\.test\/reset-password-submit\/[\w-]{43}$/);
    const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'));
    expect(sent.every((row) => row.sentAt !== null)).toBe(true);
    // The queued job holds no link: its token was minted when the mail was sent.
    expect(JSON.stringify(sent)).not.toContain(t.mails[0]!.link!.split('/').pop());
  });
});
