import type { PoolClient } from 'pg';
import type { EntityManager } from 'typeorm';

/**
 * `text` with `values` on the transaction's connection as the named prepared statement `name`
 * (pg's named query): PostgreSQL parses and analyses it once per connection, and may keep one
 * plan for it, instead of doing so on every call. For a hot statement only (each connection
 * keeps it for its life); `name` must always go with the same `text`.
 */
export async function preparedQuery<T>(manager: EntityManager, name: string, text: string, values: unknown[]): Promise<T[]> {
  if (!manager.queryRunner) throw new Error('preparedQuery runs in a transaction (its query runner holds the connection)');
  const client = (await manager.queryRunner.connect()) as PoolClient;
  return (await client.query<T & object>({ name, text, values })).rows;
}
