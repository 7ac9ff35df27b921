/**
 * The rows of a raw `query()`: TypeORM's PostgreSQL driver answers an UPDATE/DELETE ... RETURNING
 * with `[rows, count]` and a SELECT with the rows alone.
 */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) && Array.isArray(result[0]) ? (result[0] as T[]) : (result as T[]);
}
