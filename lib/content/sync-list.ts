import 'server-only';
import type { Queryable } from '@/lib/db/types';

/** A column the editor writes, and the cast its parameter needs ('text[]' for lists). */
export interface SyncColumn<Item> {
  name: string;
  cast?: string;
  value: (item: Item) => unknown;
}

/**
 * Makes a table hold exactly an editor's list, inside the caller's transaction (docs/product.md §4: the
 * Experience and Projects saves). Rows absent from the list are deleted; items with a stored id are
 * written over their row (or put back, should another session have deleted it meanwhile); temporary
 * ones are inserted. Answers the server id each temporary id became. `table` and the column names are
 * the caller's constants, never input.
 */
export async function syncList<Item extends { id: string }>(
  tx: Queryable,
  table: string,
  columns: readonly SyncColumn<Item>[],
  items: readonly Item[],
  isTemporary: (id: string) => boolean,
  options: { onlyChanged?: boolean } = {},
): Promise<Record<string, string>> {
  await tx.query(`select pg_advisory_xact_lock(hashtext($1))`, [`academic-portfolio:${table}`]);
  const kept = items.filter((item) => !isTemporary(item.id)).map((item) => item.id);
  await tx.query(`delete from ${table} where not (id = any($1::uuid[]))`, [kept]);
  const names = columns.map((column) => column.name).join(', ');
  const params = columns.map((column, index) => `$${index + 1}${column.cast ? `::${column.cast}` : ''}`).join(', ');
  const updates = columns.map((column) => `${column.name} = excluded.${column.name}`).join(', ');
  // With onlyChanged, a row the save leaves as it was is not written, so its updated_at still says when it last
  // changed (a calendar's DTSTAMP and LAST-MODIFIED are read from it).
  const onlyChanged = options.onlyChanged
    ? ` where (${columns.map((column) => `t.${column.name}`).join(', ')}) is distinct from (${columns.map((column) => `excluded.${column.name}`).join(', ')})`
    : '';
  const created: Record<string, string> = {};
  for (const item of items) {
    const values = columns.map((column) => column.value(item));
    if (isTemporary(item.id)) {
      const { rows } = await tx.query<{ id: string }>(`insert into ${table} (${names}) values (${params}) returning id`, values);
      if (!rows[0]) throw new Error(`The ${table} row was not written.`);
      created[item.id] = rows[0].id;
    } else {
      await tx.query(
        `insert into ${table} as t (id, ${names}) values ($${columns.length + 1}, ${params})
         on conflict (id) do update set ${updates}${onlyChanged}`,
        [...values, item.id],
      );
    }
  }
  return created;
}
