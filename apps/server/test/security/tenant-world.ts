import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import {
  documentPreviews,
  featureFlags,
  fileSharePasswords,
  folderWorkflows,
  identityProviders,
  nodeStatuses,
  nodeStatusHistory,
  notificationEvents,
  notifications,
  productModules,
  products,
  quickfolders,
  shareLinks,
  users,
  workflowStatuses,
  workflows,
  workflowTransitions,
} from '../../src/db/schema';
import { sealSecret } from '../../src/modules/sso/secret-box';
import { hashPassword } from '../../src/platform/auth/passwords';
import { diskBlobStore } from '../../src/platform/blobs/disk-blob-store';
import { chunkBody, md5 } from '../documents';
import {
  buildAddress,
  buildAssignment,
  buildBank,
  buildClientUser,
  buildDocument,
  buildFirm,
  buildFirmMember,
  buildFirmModules,
  buildFolder,
  buildHolding,
  buildHoldingAdmin,
  buildPeriod,
  buildSession,
  buildTask,
  buildTerms,
  buildTheme,
  buildUser,
  buildVendor,
  buildWhiteLabels,
  type FactoryDb,
  freshSiret,
} from '../factories';
import type { TestApp } from '../test-app';
import { buildCatalogRows, type CatalogIds } from './catalog-world';
import { buildMissionRows, type MissionIds } from './mission-world';
import { buildSignatureRows, type SignatureIds } from './signature-world';

/** The key the test apps seal SSO secrets with (no SSO_SECRET_KEY outside production). */
const TEST_SSO_KEY = loadConfig({ NODE_ENV: 'test' }).ssoKey!;

export const WORLD_PASSWORD = 'Probe-password-2026';

/** Every kind of id a route can carry, for one tenant (the OpenAPI `x-ref` values). */
export type TenantIds = {
  accounting_firm: number;
  /** Another portal of the same holding (a transfer's target); not an `x-ref` of its own. */
  sister_firm: number;
  holding: number;
  vendor: number;
  bank: number;
  address: number;
  accounting_period: number;
  vendor_user: number;
  user: number;
  module: number;
  /** A product and a feature flag of the platform (super admin routes). */
  product: number;
  feature_flag: number;
  tree_structure: number;
  folder: number;
  document: number;
  document_version: number;
  /** An information request of the client file (with one item: `task_item`). */
  task: number;
  task_item: number;
  /** A person the tenant knows, who may be a task's member (the assigned collaborator). */
  member: number;
  /** A signed-in session of the tenant's administrator (a person's own, ended by them only). */
  session: number;
  /** A file-share password of the tenant's administrator (a person's own, revoked by them only). */
  file_share_password: number;
  /** A notification of the tenant's administrator (a person's own, read by them only). */
  notification: number;
  /** An OpenID Connect provider of the portal (its issuer refuses connections at once). */
  identity_provider: number;
  /** An access-rights theme of the portal, carried by the task. */
  theme: number;
  /** The client file's workflow, activated on its folder; its first status, the document's. */
  workflow: number;
  workflow_status: number;
  /** A workflow of the portal (usable in every client file). */
  firm_workflow: number;
  /** A live share link of the client file's folder. */
  share_link: number;
  /** A quick-drop folder of the client file, bound to a folder of its own. */
  quickfolder: number;
  /** A member of the portal whose access the holding area removes (not an `x-ref` of its own). */
  holding_member: number;
  /** The flow.js identifier of the upload under way in the folder (a name, not a row id). */
  upload: string;
} & SignatureIds &
  CatalogIds &
  MissionIds;

/**
 * An upload under way in the tenant's folder, sent by its firm administrator: chunk 1 of 2 stored,
 * not complete. Sending chunk 2 completes it with `content`.
 */
export type UploadUnderWay = {
  identifier: string;
  filename: string;
  content: Buffer;
  chunkSize: number;
};

export type Actor = { role: string; email: string };

export type Tenant = {
  label: string;
  ids: TenantIds;
  actors: Actor[];
  /** Strings only this tenant's data contains: finding one in another tenant's answer is a leak. */
  markers: string[];
  upload: UploadUnderWay;
};

/**
 * Sends chunk `n` of an upload as flow.js would (its fields, then the bytes), into a client file's
 * folder; `identifier` may name another upload than the one whose shape and bytes are sent.
 */
export async function sendUploadChunk(
  t: TestApp,
  token: string,
  target: { vendor: number; folder: number },
  upload: UploadUnderWay,
  n: number,
  identifier = upload.identifier,
) {
  const total = Math.floor(upload.content.length / upload.chunkSize);
  const start = (n - 1) * upload.chunkSize;
  const bytes = upload.content.subarray(start, n === total ? undefined : start + upload.chunkSize);
  const fields = {
    flowChunkNumber: n,
    flowChunkSize: upload.chunkSize,
    flowCurrentChunkSize: bytes.length,
    flowTotalSize: upload.content.length,
    flowIdentifier: identifier,
    flowFilename: upload.filename,
    flowRelativePath: upload.filename,
    flowTotalChunks: total,
    md5: md5(upload.content),
  };
  return t.request({
    method: 'POST',
    url: `/api/vendors/${target.vendor}/folders/${target.folder}/uploads`,
    token,
    ...(await chunkBody(fields, bytes)),
  });
}

/**
 * Builds one tenant with every shape that exists: holding, portal, white label, a client file
 * with bank, address, period, folder, document, an upload under way, and users of every role.
 * Later modules add their rows here.
 */
export async function buildTenant(t: TestApp, label: string, passwordHash: string): Promise<Tenant> {
  const tenant = await buildRows(t.database.db, label, passwordHash);
  // The upload's chunks live in the app's data folder: sent through the app, as its client would.
  const admin = await t.signIn(`admin-${label}@probe.test`, WORLD_PASSWORD);
  const sent = await sendUploadChunk(t, admin, tenant.ids, tenant.upload, 1);
  if (sent.status !== 200 || sent.body.data.id !== null)
    throw new Error(`the upload under way of ${label}: ${sent.status} ${JSON.stringify(sent.body)}`);
  return tenant;
}

async function buildRows(db: FactoryDb, label: string, passwordHash: string): Promise<Tenant> {
  const name = `${label[0]!.toUpperCase()}${label.slice(1)}`;
  const email = (role: string) => `${role}-${label}@probe.test`;
  const content = Buffer.from(`${name} upload content, sent in two chunks`);
  const upload: UploadUnderWay = {
    identifier: `${content.length}-${label}-upload-under-way`,
    filename: `${name} Upload.txt`,
    content,
    chunkSize: Math.floor(content.length / 2),
  };
  return db.transaction(async (tx) => {
    const { holding } = await buildHolding(tx, { name: `${name} Holding` });
    const { firm } = await buildFirm(tx, { name: `${name} Firm`, domain: `${label}.probe.test`, holding });
    const { firm: sister } = await buildFirm(tx, {
      name: `${name} Sister Firm`,
      domain: `sister.${label}.probe.test`,
      holding,
    });
    await buildWhiteLabels(tx, { firm });
    const { firmModules } = await buildFirmModules(tx, { firm });
    // The platform's catalogue, for the super admin's routes (one of each per tenant built).
    const [product] = await tx
      .insert(products)
      .values({ name: `${name} Product` })
      .returning();
    await tx.insert(productModules).values({ productId: product!.id, moduleId: firmModules[0]!.moduleId });
    const [flag] = await tx
      .insert(featureFlags)
      .values({ name: `probe-${label}` })
      .returning();
    await buildTerms(tx, { firm, version: 1, locale: 'fr', title: `${name} CGU`, content: '...' });

    const roles = [
      'admin',
      'collab',
      'collabreadonly',
      'collaball',
      'unassigned',
      'clientadmin',
      'clientcollab',
      'guest',
      'holdingadmin',
    ] as const;
    const people = new Map<(typeof roles)[number], { id: number }>();
    for (const role of roles) {
      const { user } = await buildUser(tx, {
        email: email(role),
        passwordHash,
        firstname: name,
        lastname: role,
      });
      people.set(role, user);
    }
    const person = (role: (typeof roles)[number]) => people.get(role)!;

    const siret = freshSiret();
    const { vendor } = await buildVendor(tx, {
      firm,
      company: `${name} Company`,
      corporateName: `${name} Company SAS`,
      clientCode: `${label.toUpperCase()}01`,
      siret,
      notes: `${name} secret note`,
    });
    const { bank } = await buildBank(tx, { vendor, bankName: `${name} Bank` });
    const { address } = await buildAddress(tx, { vendor, street: `1 ${name} Street` });
    const { period } = await buildPeriod(tx, { vendor, name: `${name} FY` });
    const { folder } = await buildFolder(tx, { vendor, name: `${name} Folder` });
    const content = `${name} document content`;
    const { document, version } = await buildDocument(tx, { folder, name: `${name} Document.txt`, content });
    // The content the document's version names, in the test apps' blob store.
    const blobs = diskBlobStore(path.join(os.tmpdir(), 'portal-test-data', 'blobs'));
    await blobs.put(Readable.from([Buffer.from(content)]));
    // Its PDF preview, as if converted (it carries the content's marker, for the leak checks).
    const pdf = await blobs.put(Readable.from([Buffer.from(`%PDF-1.4 ${content} (preview)`)]));
    await tx
      .insert(documentPreviews)
      .values({ sourceKey: version.blobKey, pdfKey: pdf.key, pdfSize: pdf.size })
      .onConflictDoNothing();

    await buildFirmMember(tx, { firm, user: person('admin'), role: 'admin' });
    await buildFirmMember(tx, { firm: sister, user: person('admin'), role: 'admin' });
    await buildFirmMember(tx, { firm, user: person('collab') });
    await buildFirmMember(tx, { firm, user: person('collabreadonly') });
    await buildFirmMember(tx, { firm, user: person('collaball'), allVendors: true });
    // A member of the firm with no assignment: the firm's client files stay closed to them.
    await buildFirmMember(tx, { firm, user: person('unassigned') });
    await buildAssignment(tx, { vendor, user: person('collab') });
    await buildAssignment(tx, { vendor, user: person('collabreadonly'), readOnly: true });
    await buildClientUser(tx, { vendor, user: person('clientadmin'), role: 'admin' });
    await buildClientUser(tx, { vendor, user: person('clientcollab'), role: 'collaborator' });
    await buildClientUser(tx, { vendor, user: person('guest'), role: 'guest' });
    await buildHoldingAdmin(tx, { holding, user: person('holdingadmin') });
    const { session } = await buildSession(tx, { user: person('admin') });
    const [fileShare] = await tx
      .insert(fileSharePasswords)
      .values({
        userId: person('admin').id,
        label: `${name} drive`,
        passwordHash: await hashPassword(WORLD_PASSWORD),
      })
      .returning({ id: fileSharePasswords.id });
    const [event] = await tx
      .insert(notificationEvents)
      .values({
        accountingFirmId: firm.id,
        vendorId: vendor.id,
        kind: 'document.created',
        subjectType: 'document',
        subjectId: document.id,
        subjectName: `${name} Document.txt`,
        actorUserId: person('clientadmin').id,
        payload: { folder_id: folder.id },
      })
      .returning({ id: notificationEvents.id });
    const [notification] = await tx
      .insert(notifications)
      .values({ accountingFirmId: firm.id, eventId: event!.id, recipientUserId: person('admin').id })
      .returning({ id: notifications.id });
    const [provider] = await tx
      .insert(identityProviders)
      .values({
        accountingFirmId: firm.id,
        name: `${name} IdP`,
        issuer: 'https://localhost:1',
        clientId: `${name}-sso-client`,
        clientSecretSealed: sealSecret(TEST_SSO_KEY, firm.id, `${name} sso secret`),
        buttonLabel: name,
      })
      .returning({ id: identityProviders.id });
    const { theme } = await buildTheme(tx, {
      firm,
      title: `${name} Theme`,
      abbreviation: `${name.slice(0, 3)}TH`,
    });
    const { task, items } = await buildTask(tx, {
      vendor,
      themeIds: [theme.id],
      title: `${name} request`,
      note: `${name} task note`,
      dueDate: '2026-01-31',
      members: [person('collab').id],
      items: [`${name} item`],
    });

    const firmKey = { accountingFirmId: firm.id };
    const [workflow] = await tx
      .insert(workflows)
      .values({ ...firmKey, vendorId: vendor.id, name: `${name} Workflow`, sharing: 'shared' })
      .returning();
    const [todo, done] = await tx
      .insert(workflowStatuses)
      .values(
        ['Todo', 'Done'].map((s, i) => ({
          ...firmKey,
          workflowId: workflow!.id,
          key: s.toLowerCase(),
          name: `${name} ${s}`,
          colour: '#607d8b',
          position: i,
          isInitial: i === 0,
        })),
      )
      .returning();
    await tx.insert(workflowTransitions).values([
      {
        ...firmKey,
        workflowId: workflow!.id,
        fromStatusId: todo!.id,
        toStatusId: done!.id,
        movers: ['firm', 'client'],
      },
      {
        ...firmKey,
        workflowId: workflow!.id,
        fromStatusId: done!.id,
        toStatusId: todo!.id,
        movers: ['firm', 'client'],
      },
    ]);
    const [firmWorkflow] = await tx
      .insert(workflows)
      .values({ ...firmKey, name: `${name} Firm Workflow`, sharing: 'private_firm' })
      .returning();
    await tx.insert(workflowStatuses).values({
      ...firmKey,
      workflowId: firmWorkflow!.id,
      key: 'start',
      name: `${name} Firm Start`,
      colour: '#607d8b',
      position: 0,
      isInitial: true,
    });
    await tx
      .insert(folderWorkflows)
      .values({ ...firmKey, vendorId: vendor.id, folderId: folder.id, workflowId: workflow!.id });
    await tx.insert(nodeStatuses).values({ ...firmKey, documentId: document.id, statusId: todo!.id });
    await tx.insert(nodeStatusHistory).values({
      ...firmKey,
      documentId: document.id,
      workflowId: workflow!.id,
      sharing: 'shared',
      toStatusId: todo!.id,
      toName: todo!.name,
      actorName: `${name} admin`,
      comment: `${name} status comment`,
    });

    const [shareLink] = await tx
      .insert(shareLinks)
      .values({
        ...firmKey,
        vendorId: vendor.id,
        folderId: folder.id,
        tokenHash: `${name}-share-token-hash`,
        expiresAt: new Date(Date.now() + 24 * 3_600_000),
        createdBy: person('admin').id,
      })
      .returning();
    const catalog = await buildCatalogRows(tx, { firmId: firm.id, name });
    const missionRows = await buildMissionRows(tx, {
      firmId: firm.id,
      vendorId: vendor.id,
      serviceId: catalog.ids.catalog_service,
      name,
    });
    // Their PDF stands in a folder of its own: a document under an open request holds its folder
    // back from the trash, and the walks delete the tenant's folder.
    const { folder: signingFolder } = await buildFolder(tx, { vendor, name: `${name} Signatures` });
    // Bound to a folder of its own: the probe's creation takes the world's folder (one per folder).
    const { folder: dropFolder } = await buildFolder(tx, { vendor, name: `${name} Drop folder` });
    const [quickfolder] = await tx
      .insert(quickfolders)
      .values({
        ...firmKey,
        vendorId: vendor.id,
        folderId: dropFolder.id,
        name: `${name} Quick-drop`,
        renamePattern: '{date} {name}',
        createdBy: person('admin').id,
      })
      .returning();
    const signing = await buildSignatureRows(tx, {
      firmId: firm.id,
      vendorId: vendor.id,
      folderId: signingFolder.id,
      adminId: person('admin').id,
      name,
    });

    return {
      label,
      ids: {
        ...signing.ids,
        ...catalog.ids,
        ...missionRows.ids,
        accounting_firm: firm.id,
        sister_firm: sister.id,
        holding: holding.id,
        vendor: vendor.id,
        bank: bank.id,
        address: address.id,
        accounting_period: period.id,
        vendor_user: person('clientadmin').id,
        user: person('collab').id,
        module: firmModules[0]!.moduleId,
        product: product!.id,
        feature_flag: flag!.id,
        tree_structure: 1,
        folder: folder.id,
        document: document.id,
        document_version: version.id,
        task: task.id,
        task_item: items[0]!.id,
        member: person('collab').id,
        holding_member: person('unassigned').id,
        session: session.id,
        file_share_password: fileShare!.id,
        notification: notification!.id,
        identity_provider: provider!.id,
        theme: theme.id,
        workflow: workflow!.id,
        workflow_status: todo!.id,
        firm_workflow: firmWorkflow!.id,
        share_link: shareLink!.id,
        quickfolder: quickfolder!.id,
        upload: upload.identifier,
      },
      actors: roles.map((r) => ({ role: r, email: email(r) })),
      markers: [
        `${name} Firm`,
        `${name} Company`,
        `${name} secret note`,
        `${name} Bank`,
        `${name} Street`,
        `${name} FY`,
        `${name} Folder`,
        `${name} Document`,
        `${name} document content`,
        `${name} request`,
        `${name} task note`,
        `${name} item`,
        `${name}-sso-client`,
        `${name} sso secret`,
        `${name} Theme`,
        `${name} Workflow`,
        `${name} Quick-drop`,
        `${name} Firm Start`,
        `${name} Todo`,
        `${name} status comment`,
        `${name} Upload`,
        `${name} upload content`,
        siret,
        ...signing.markers,
        ...catalog.markers,
        ...missionRows.markers,
        ...roles.map(email),
      ],
      upload,
    };
  });
}

export const worldPasswordHash = () => hashPassword(WORLD_PASSWORD);

export const SUPER_ADMIN_EMAIL = 'superadmin@probe.test';

/** The platform's super admin (no tenant): the one actor the `/api/sa/` routes answer. */
export async function createSuperAdmin(db: FactoryDb, passwordHash: string): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, SUPER_ADMIN_EMAIL));
  if (!existing) {
    await buildUser(db, {
      email: SUPER_ADMIN_EMAIL,
      passwordHash,
      firstname: 'Super',
      lastname: 'Admin',
      isSuperAdmin: true,
    });
  }
  return SUPER_ADMIN_EMAIL;
}
