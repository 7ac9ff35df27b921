import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RIYADH_OFFSET_MINUTES } from '../shared/time';

/** Daily archives are named by their UTC start time, so names sort by age: backup-2026-01-31T000000Z.tar. */
const NAME = /^backup-(\d{4})-(\d{2})-(\d{2})T(\d{2})(\d{2})(\d{2})Z\.tar$/;
export const LAST_SUCCESS = '.last-success';
const DAY_MS = 24 * 60 * 60_000;

const pad = (n: number) => String(n).padStart(2, '0');

export function archiveName(at: Date): string {
  return (
    `backup-${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}` +
    `T${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z.tar`
  );
}

export interface Archive {
  name: string;
  at: Date;
}

/** The daily archives in a folder, newest first (other files are never touched). */
export async function listArchives(dir: string): Promise<Archive[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const archives: Archive[] = [];
  for (const name of names) {
    const m = NAME.exec(name);
    if (m) archives.push({ name, at: new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])) });
  }
  return archives.sort((a, b) => b.at.getTime() - a.at.getTime());
}

/** Deletes all but the newest `keep` archives; returns the names deleted. */
export async function pruneArchives(dir: string, keep: number): Promise<string[]> {
  const old = (await listArchives(dir)).slice(keep);
  for (const archive of old) await rm(join(dir, archive.name), { force: true });
  return old.map((a) => a.name);
}

/** What a backup interrupted by a stop left behind (a staging folder, a half-written archive). */
export async function removeLeftovers(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const leftovers = names.filter(
    (name) => name.startsWith('.backup-') || (NAME.test(name.replace(/\.partial$/, '')) && name.endsWith('.partial')),
  );
  for (const name of leftovers) await rm(join(dir, name), { recursive: true, force: true });
  return leftovers;
}

/** True when no archive is younger than 24 hours (the schedule then takes one at start). */
export function needsBackup(archives: Archive[], now: Date): boolean {
  return !archives.some((a) => now.getTime() - a.at.getTime() < DAY_MS && a.at.getTime() <= now.getTime());
}

/** The next instant after `now` when the Riyadh wall clock reads `at` ('HH:MM'; Riyadh is UTC+3 all year). */
export function nextRunAt(now: Date, at: string): Date {
  const [hours, minutes] = at.split(':').map(Number);
  const offsetMs = RIYADH_OFFSET_MINUTES * 60_000;
  const riyadh = new Date(now.getTime() + offsetMs);
  let next = Date.UTC(riyadh.getUTCFullYear(), riyadh.getUTCMonth(), riyadh.getUTCDate(), hours, minutes) - offsetMs;
  if (next <= now.getTime()) next += DAY_MS;
  return new Date(next);
}

/** Written after every successful backup: its time (mtime) is what a health check or an alert reads. */
export async function markSuccess(dir: string, archive: string, now: Date): Promise<void> {
  await writeFile(join(dir, LAST_SUCCESS), `${now.toISOString()} ${archive}\n`);
}
