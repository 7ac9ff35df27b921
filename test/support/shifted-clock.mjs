// Preloaded into a compiled process by the tests (node --import ./test/support/shifted-clock.mjs):
// its wall clock shows TEST_CLOCK_AT and stands still there until the process receives SIGUSR2, then
// runs on from that instant; the way FakeClock moves the clock of an app inside a test. A worker can
// so start at leisure just before a scheduled moment (the nightly statistics at 00:10 Riyadh), and
// several are released together. Timers are untouched: a schedule waiting for a moment that a still
// clock never reaches checks again when its timer fires.
const at = Date.parse(process.env.TEST_CLOCK_AT ?? '');
if (!Number.isFinite(at)) throw new Error('TEST_CLOCK_AT must be an ISO date and time');

const RealDate = Date;
let releasedAt = null;
process.on('SIGUSR2', () => (releasedAt ??= RealDate.now()));
const now = () => (releasedAt === null ? at : at + (RealDate.now() - releasedAt));

globalThis.Date = new Proxy(RealDate, {
  // new Date() is the shown time; a Date built from a value is that value.
  construct: (target, args, newTarget) => Reflect.construct(target, args.length ? args : [now()], newTarget),
  // Date() called as a function gives the shown time as text.
  apply: () => new RealDate(now()).toString(),
  get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
});
