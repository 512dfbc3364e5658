import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { type PersonRow, personColumns } from './people.sql';

/** The accounts of these ids. */
export async function findUsersByIds(db: Db, ids: number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  return db
    .select(personColumns)
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}
