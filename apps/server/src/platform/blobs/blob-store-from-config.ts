import path from 'node:path';
import type { Config } from '../../config';
import type { BlobStore } from './blob-store';
import { diskBlobStore } from './disk-blob-store';
import { s3BlobStore, s3Client } from './s3-blob-store';

/** The store `BLOB_STORE` names: files under DATA_DIR/blobs, or objects of an S3 bucket. */
export function blobStoreFromConfig(config: Config): BlobStore {
  if (config.BLOB_STORE === 'disk') return diskBlobStore(path.join(config.dataDir, 'blobs'));
  const client = s3Client({
    bucket: config.S3_BUCKET!,
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
  return s3BlobStore(client, { bucket: config.S3_BUCKET!, prefix: config.S3_PREFIX });
}
