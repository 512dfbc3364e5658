import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import {
  documents,
  documentVersions,
  signatories,
  signatureFields,
  signatureRequests,
} from '../../src/db/schema';
import { diskBlobStore } from '../../src/platform/blobs/disk-blob-store';
import type { FactoryDb } from '../factories';
import { samplePdf } from '../signatures';

/** The signature requests of a tenant, one per state the routes act on. */
export type SignatureIds = {
  /** A PDF document of the client file (what a request is made on). */
  pdf_document: number;
  /** A draft: read, then sent by the walks that succeed. */
  signature: number;
  /** A draft the walks delete. */
  signature_draft: number;
  /** Sent, an outsider asked: the walks cancel it. */
  signature_sent: number;
  /** Sent, the firm administrator asked: the walks sign it. */
  signature_to_sign: number;
  /** Sent, the firm administrator asked: the walks refuse it. */
  signature_to_refuse: number;
  /** A draft the walks edit. */
  signature_to_edit: number;
  /** Sent, an outsider asked: the walks remind it. */
  signature_to_remind: number;
  /** Its seal failed: the walks retry it. */
  signature_in_error: number;
  /** Sent, the firm administrator asked: the walks ask the members' code for it. */
  signature_code: number;
};

/** A PDF document and the requests on it, the tenant's firm administrator a signatory of two. */
export async function buildSignatureRows(
  tx: FactoryDb,
  o: { firmId: number; vendorId: number; folderId: number; adminId: number; name: string },
): Promise<{ ids: SignatureIds; markers: string[] }> {
  const pdf = await samplePdf(2, `${o.name} signature document`);
  const blobs = diskBlobStore(path.join(os.tmpdir(), 'portal-test-data', 'blobs'));
  const blob = await blobs.put(Readable.from([pdf]));
  const firmKey = { accountingFirmId: o.firmId };
  const [doc] = await tx
    .insert(documents)
    .values({ ...firmKey, vendorId: o.vendorId, folderId: o.folderId, name: `${o.name} Contract.pdf` })
    .returning();
  const [version] = await tx
    .insert(documentVersions)
    .values({
      ...firmKey,
      documentId: doc!.id,
      blobKey: blob.key,
      size: pdf.length,
      mimeType: 'application/pdf',
      originalName: `${o.name} Contract.pdf`,
      storedName: `${Date.now()}.pdf`,
      md5: createHash('md5').update(pdf).digest('hex'),
    })
    .returning();
  await tx.update(documents).set({ currentVersionId: version!.id }).where(eq(documents.id, doc!.id));

  const request = async (
    label: string,
    sent: boolean,
    signer: 'admin' | 'outsider',
    status: 'waiting' | 'error' = 'waiting',
  ) => {
    const [row] = await tx
      .insert(signatureRequests)
      .values({
        ...firmKey,
        vendorId: o.vendorId,
        documentId: doc!.id,
        versionId: version!.id,
        sourceSha256: blob.key,
        currentBlobKey: blob.key,
        name: `${o.name} Signature ${label}`,
        ordering: 'sequential',
        locale: 'fr',
        status: sent ? status : 'created',
        sentAt: sent ? new Date() : null,
        expiresAt: new Date(Date.now() + 30 * 86_400_000),
        createdBy: o.adminId,
      })
      .returning();
    const [person] = await tx
      .insert(signatories)
      .values({
        ...firmKey,
        requestId: row!.id,
        position: 1,
        userId: signer === 'admin' ? o.adminId : null,
        firstname: o.name,
        lastname: signer === 'admin' ? 'admin' : `${o.name} Outsider`,
        email:
          signer === 'admin'
            ? `admin-${o.name.toLowerCase()}@probe.test`
            : `outsider-${o.name.toLowerCase()}@probe.test`,
        status: sent ? (status === 'error' ? 'signed' : 'in_progress') : 'waiting',
      })
      .returning();
    await tx.insert(signatureFields).values({
      ...firmKey,
      requestId: row!.id,
      signatoryId: person!.id,
      page: 1,
      x: 0.1,
      y: 0.7,
      width: 0.3,
      height: 0.1,
    });
    return row!.id;
  };
  return {
    ids: {
      pdf_document: doc!.id,
      signature: await request('draft', false, 'outsider'),
      signature_draft: await request('to delete', false, 'outsider'),
      signature_sent: await request('sent', true, 'outsider'),
      signature_to_sign: await request('to sign', true, 'admin'),
      signature_to_refuse: await request('to refuse', true, 'admin'),
      signature_to_edit: await request('to edit', false, 'outsider'),
      signature_to_remind: await request('to remind', true, 'outsider'),
      signature_in_error: await request('in error', true, 'outsider', 'error'),
      signature_code: await request('code', true, 'admin'),
    },
    markers: [`${o.name} Contract`, `${o.name} Signature`, `${o.name} Outsider`],
  };
}
