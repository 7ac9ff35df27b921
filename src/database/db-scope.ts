import type { EntityManager } from 'typeorm';

const MANAGER: unique symbol = Symbol('db-scope');

/**
 * Where a repository runs its statements — a transaction (a unit of work's `tx`) or the pool — as the
 * rest of the code sees it: something to hand on, nothing to query with. Only repositories open it
 * (`managerOf`; lint keeps services from importing it), so SQL stays in them (ARCHITECTURE.md §4a).
 */
export interface DbScope {
  readonly [MANAGER]: EntityManager;
}

/** The TypeORM manager behind a scope: for repositories. */
export function managerOf(scope: DbScope): EntityManager {
  return scope[MANAGER];
}

/** A scope around a manager: for the unit of work, seeds and tests that hold a manager of their own. */
export function scopeOf(manager: EntityManager): DbScope {
  return { [MANAGER]: manager };
}
