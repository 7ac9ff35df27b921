/**
 * A CHECK constraint's expression from the value list that owns it (`src/shared`): `column IN ('a','b')`.
 * The list is spelled once; the entity's @Check and the code that reads the column cannot drift apart.
 * (Migrations keep the text they ran with: they are history.)
 */
export function checkIn(column: string, values: readonly string[]): string {
  for (const value of values) if (!/^[a-z0-9_]+$/.test(value)) throw new Error(`checkIn: "${value}" is not a plain code`);
  return `${column} IN (${values.map((v) => `'${v}'`).join(',')})`;
}
