import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * An INSERT of many rows as one statement with one array parameter per column (`unnest`). Drizzle's multi-row
 * VALUES costs the event loop ~40 µs a row to build and must be cut under the 65,535-parameter limit; this costs
 * a few µs a row. A column no row gives is left out (its database default applies); a row that leaves out a
 * column others give gets the column's static default, else null. Array columns cannot go through `unnest`.
 */
export const unnestInsert = <T extends PgTable>(table: T, rows: T['$inferInsert'][], tail: SQL = sql``): SQL => {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((r) => r[key as keyof typeof r] !== undefined),
  );
  const arrays = columns.map(([key, c]) => {
    const type = c.getSQLType();
    if (type.endsWith('[]')) throw new Error(`unnestInsert: array column ${c.name} is not supported`);
    const fallback = c.hasDefault && c.default !== undefined && typeof c.default !== 'object' ? c.default : null;
    if (type === 'jsonb') {
      // One JSON document for the whole column: a text per row would be serialised, then escaped once more into an
      // array literal (about 1.6 µs a row against 0.25, and a third more bytes to send). A row's null stays SQL null.
      const doc = JSON.stringify(rows.map((r) => r[key as keyof typeof r] ?? fallback));
      return sql`array(select nullif(e, 'null') from jsonb_array_elements(${sql.param(doc)}::jsonb) with ordinality as j(e, i) order by i)`;
    }
    const values = rows.map((r) => {
      const v = r[key as keyof typeof r] ?? fallback;
      return v === null ? null : c.mapToDriverValue(v);
    });
    // One bound parameter holding the whole array (a bare JS array in `sql` becomes a list of parameters).
    return sql`${sql.param(values)}::${sql.raw(type)}[]`;
  });
  return sql`insert into ${table} (${sql.join(
    columns.map(([, c]) => sql.identifier(c.name)),
    sql`, `,
  )})
    select * from unnest(${sql.join(arrays, sql`, `)}) ${tail}`;
};
