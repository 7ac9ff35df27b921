/** Polls `probe` every 100 ms until it gives a truthy value, which it returns; fails after `timeoutMs`. */
export async function waitFor<T>(probe: () => Promise<T | false | null | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
