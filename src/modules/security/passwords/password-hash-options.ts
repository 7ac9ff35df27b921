import argon2 from 'argon2';

/** argon2id settings used for every password hash (OWASP's recommended minimum and then some). */
export const PASSWORD_HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
