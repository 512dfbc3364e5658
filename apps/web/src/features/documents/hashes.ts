import { fromHexId, toHexId } from '@portal/contracts/context';

/**
 * Route "hashes" of folders and documents (`documents/{context}/{folderHash}`,
 * `viewer/{context}/{folderHash}/{documentHash}/{versionId?}`): the id in hexadecimal, like the
 * other hexadecimal route ids (`@portal/contracts/context`). They only shorten the address: access
 * is decided by the server on the id. The version id stays decimal.
 */
export const toNodeHash = toHexId;
export const fromNodeHash = (value: string | undefined): number | null =>
  value === undefined ? null : fromHexId(value);
