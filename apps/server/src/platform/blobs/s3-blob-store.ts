import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import {
  assertBlobKey,
  type BlobKey,
  BlobNotFoundError,
  type BlobStore,
  checkRange,
  type StoredBlob,
} from './blob-store';

export type S3BlobStoreOptions = {
  bucket: string;
  /** Prepended to every object key ("portal/" to share a bucket). */
  prefix?: string;
  /** Bytes per multipart part; at most `partSize * queueSize` bytes are held in memory by a put. */
  partSize?: number;
  queueSize?: number;
  /** Above this size a blob is moved from its temporary key by streaming it, not by CopyObject. */
  copyLimit?: number;
};

export type S3Settings = {
  bucket: string;
  prefix?: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
};

const MiB = 1024 * 1024;
/** The largest object a single CopyObject may copy. */
const COPY_LIMIT = 5 * 1024 * MiB;

const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

/** An S3 client from the settings; without keys the SDK's default chain (env, profile, role) applies. */
export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey
        ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
        : undefined,
    // Checksums only when the operation requires them: S3-compatible servers differ on the rest.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Blobs as objects `<prefix><sha256>` of a bucket. The key is known only once the content has
 * been read, so a put streams it (multipart, a few parts in memory at a time) to
 * `<prefix>tmp/<uuid>` while hashing, then copies it to its key on the server and removes the
 * temporary object. A reader thus never sees a partial blob; concurrent puts of the same content
 * write the same bytes. Temporary objects and parts left by a crash are the bucket's lifecycle
 * rules' business (docs/deployment.md).
 */
export function s3BlobStore(client: S3Client, options: S3BlobStoreOptions): BlobStore {
  const { bucket } = options;
  const prefix = options.prefix ?? '';
  const partSize = options.partSize ?? 8 * MiB;
  const queueSize = options.queueSize ?? 4;
  const copyLimit = options.copyLimit ?? COPY_LIMIT;
  const objectOf = (key: BlobKey) => {
    assertBlobKey(key);
    return `${prefix}${key}`;
  };

  async function sizeOf(object: string): Promise<number | null> {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: object }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A failed multipart upload is aborted; if that fails too, the first error is the one thrown. */
  async function upload(object: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: object, Body: body, ContentType: 'application/octet-stream' },
      partSize,
      queueSize,
      leavePartsOnError: true,
    });
    try {
      await upload.done();
    } catch (error) {
      if (upload.uploadId)
        await client
          .send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: object, UploadId: upload.uploadId }))
          .catch(() => undefined);
      throw error;
    }
  }

  async function remove(object: string): Promise<void> {
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: object }));
  }

  /** Copies on the server up to CopyObject's limit; a larger object passes through this process. */
  async function move(from: string, to: string, size: number): Promise<void> {
    if (size <= copyLimit) {
      await client.send(
        new CopyObjectCommand({ Bucket: bucket, Key: to, CopySource: `${bucket}/${encodeURI(from)}` }),
      );
    } else {
      const source = await client.send(new GetObjectCommand({ Bucket: bucket, Key: from }));
      await upload(to, source.Body as Readable);
    }
    await remove(from);
  }

  return {
    async put(source) {
      const hash = createHash('sha256');
      let size = 0;
      const hashed = Readable.from(
        (async function* () {
          for await (const chunk of source as AsyncIterable<Uint8Array>) {
            hash.update(chunk);
            size += chunk.byteLength;
            yield chunk;
          }
        })(),
        { objectMode: false },
      );
      const temp = `${prefix}tmp/${randomUUID()}`;
      try {
        await upload(temp, hashed);
      } catch (error) {
        hashed.destroy();
        throw error;
      }
      const stored: StoredBlob = { key: hash.digest('hex'), size };
      const target = objectOf(stored.key);
      try {
        // An object of another size under this key is damaged: the copy replaces it.
        if ((await sizeOf(target)) === size) await remove(temp);
        else await move(temp, target, size);
      } catch (error) {
        await remove(temp).catch(() => undefined);
        throw error;
      }
      return stored;
    },

    async adopt(file, key, size) {
      const target = objectOf(key);
      if ((await stat(file)).size !== size) throw new Error(`adopt: ${file} is not ${size} bytes`);
      // An object of another size under this key is damaged: the upload replaces it.
      if ((await sizeOf(target)) === size) return { key, size };
      // Straight to its key: S3 shows an object only once its upload is complete.
      await upload(target, createReadStream(file, { highWaterMark: MiB }));
      return { key, size };
    },

    async get(key, range) {
      const object = objectOf(key);
      if (range) checkRange(range);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: object,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        return answer.Body as Readable;
      } catch (error) {
        if (isNotFound(error)) throw new BlobNotFoundError(key);
        // A range starting past the end: nothing to read, as the disk store answers.
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416)
          return Readable.from([]);
        throw error;
      }
    },

    async has(key) {
      return (await sizeOf(objectOf(key))) !== null;
    },

    async delete(key) {
      await remove(objectOf(key));
    },
  };
}
