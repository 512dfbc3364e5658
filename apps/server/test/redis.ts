import { Redis } from 'ioredis';

/** A Redis client when one answers at REDIS_URL (default 127.0.0.1:6379), else undefined. */
export async function connectRedisIfAny(): Promise<Redis | undefined> {
  const client = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    retryStrategy: () => null,
  });
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch {
    client.disconnect();
    return undefined;
  }
}
