// Preloaded into a compiled process by the tests (node --import ./test/support/shifted-clock.mjs):
// moves its wall clock by TEST_CLOCK_OFFSET_MS, the way FakeClock moves the clock of an app inside
// the test, so a real worker process reaches a scheduled moment (the nightly statistics at 00:10
// Riyadh) within seconds. Timers are untouched: the schedule computes its wait from the moved clock.
const offset = Number(process.env.TEST_CLOCK_OFFSET_MS ?? 0);
if (!Number.isFinite(offset)) throw new Error('TEST_CLOCK_OFFSET_MS must be a number of milliseconds');

const RealDate = Date;
const now = () => RealDate.now() + offset;

globalThis.Date = new Proxy(RealDate, {
  // new Date() is now, moved; a Date built from a value is that value.
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
  // Date() called as a function gives the moved now as text.
  apply: () => new RealDate(now()).toString(),
  get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
});
