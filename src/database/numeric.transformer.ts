import type { ValueTransformer } from 'typeorm';

/**
 * PostgreSQL returns `numeric` columns as strings (to keep precision); the app works with numbers.
 * Values on the way in (numbers, null, find operators) are passed through untouched.
 */
export const numericTransformer: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown): number | null => {
    if (value === null || value === undefined) return null;
    const parsed = typeof value === 'number' ? value : Number(value);
    return Number.isNaN(parsed) ? null : parsed;
  },
};
