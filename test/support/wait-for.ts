type Falsy = false | null | undefined | 0 | '';

/** Polls `probe` every 100 ms until it gives a truthy value, which it returns; fails after `timeoutMs`, naming `what`. */
export async function waitFor<T>(probe: () => T | Falsy | Promise<T | Falsy>, timeoutMs = 20_000, what = 'the condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Polls `read` every 100 ms until `ok(value)`, and returns that value; fails showing the last value read. */
export async function waitUntil<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!ok(value)) {
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
    value = await read();
  }
  return value;
}
