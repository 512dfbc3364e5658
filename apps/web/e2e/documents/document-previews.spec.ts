import { expect, test } from '@playwright/test';
import { encodeContext, toHexId } from '@portal/contracts/context';
import { ACCOUNTS, apiLogin, langOf, signInWithApi } from '../support/helpers';

/**
 * An office file in the viewer on a server without LibreOffice (the e2e server has none): the
 * viewer asks for its PDF preview, is told there is no converter, says so and offers the download.
 */
const TEXT = {
  fr: {
    noConverter: "L'aperçu des documents bureautiques n'est pas disponible sur ce serveur.",
    downloadToOpen: "Télécharger pour l'ouvrir",
  },
  en: {
    noConverter: 'Previews of office documents are not available on this server.',
    downloadToOpen: 'Download to open it',
  },
} as const;

test('an office file without LibreOffice on the server: the "download to open" state', async ({
  page,
}, testInfo) => {
  const lang = langOf(testInfo);
  const t = TEXT[lang];
  const { access_token } = await apiLogin(page.request, ACCOUNTS.expert.email);
  const headers = { Authorization: `Bearer ${access_token}` };
  const firms = (await (await page.request.get('/api/users/me/accounting-firms', { headers })).json())
    .data as { id: number; name: string }[];
  const firmId = firms.find((f) => f.name === 'Cabinet Démo')?.id as number;
  const vendors = (
    await (await page.request.get(`/api/users/me/accounting-firms/${firmId}/vendors`, { headers })).json()
  ).data as { id: number; company: string }[];
  const vendorId = vendors.find((v) => v.company === 'Boulangerie Martin')?.id as number;
  const [root] = (await (await page.request.get(`/api/vendors/${vendorId}/folders`, { headers })).json())
    .data as { id: number }[];
  const folder = await page.request.post(`/api/vendors/${vendorId}/folders`, {
    headers,
    data: { name: `Aperçus ${lang} ${Date.now()}`, parent_id: root?.id },
  });
  const folderId = (await folder.json()).data.id as number;
  const content = Buffer.from('not really a spreadsheet');
  const uploaded = await page.request.post(`/api/vendors/${vendorId}/folders/${folderId}/uploads`, {
    headers,
    multipart: {
      flowChunkNumber: '1',
      flowChunkSize: String(5_242_880),
      flowCurrentChunkSize: String(content.length),
      flowTotalSize: String(content.length),
      flowIdentifier: `preview-${lang}-${Date.now()}`,
      flowFilename: 'budget.xlsx',
      flowRelativePath: 'budget.xlsx',
      flowTotalChunks: '1',
      file: { name: 'blob', mimeType: 'application/octet-stream', buffer: content },
    },
  });
  expect(uploaded.status()).toBe(200);
  const documentId = (await uploaded.json()).data.id as number;

  await signInWithApi(page, ACCOUNTS.expert.email);
  const previewAsked = page.waitForResponse((r) => r.url().includes(`/documents/${documentId}/preview`));
  await page.goto(`/viewer/${encodeContext(firmId, vendorId)}/${toHexId(folderId)}/${toHexId(documentId)}`);
  expect(await (await previewAsked).json()).toEqual({ data: { status: 'no-converter' } });
  await expect(page.getByTestId('viewer-title')).toHaveText('budget.xlsx');
  await expect(page.getByTestId('viewer-no-preview-reason')).toHaveText(t.noConverter);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: t.downloadToOpen }).click();
  expect((await downloading).suggestedFilename()).toBe('budget.xlsx');
});
