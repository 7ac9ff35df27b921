import { beforeEach, describe, expect, it } from '@jest/globals';
import { Autosaver, type FieldSaveState, type SaveCallOptions, type Timers } from './autosave';

/** A clock the test moves by hand. */
class FakeTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; callback: () => void }>();
  set(callback: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }
  clear(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
  }
}

interface Call {
  key: string;
  value: string;
  options: SaveCallOptions;
  resolve(): void;
  reject(error: unknown): void;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Autosaver', () => {
  let timers: FakeTimers;
  let calls: Call[];
  let states: Array<[string, FieldSaveState['status']]>;
  let errors: Array<[string, unknown, string]>;
  let saver: Autosaver<'website' | 'hours'>;

  beforeEach(() => {
    timers = new FakeTimers();
    calls = [];
    states = [];
    errors = [];
    saver = new Autosaver({
      delayMs: 1000,
      timers,
      save: (key, value, options) =>
        new Promise<void>((resolve, reject) => {
          calls.push({ key, value, options, resolve: () => resolve(), reject });
        }),
      onState: (key, state) => states.push([key, state.status]),
      onError: (key, error, value) => errors.push([key, error, value]),
    });
    saver.setSaved('website', 'old');
    saver.setSaved('hours', 'دائماً');
  });

  it('saves once, 1000 ms after the last edit, not on every keystroke', async () => {
    for (const value of ['o', 'ol', 'old!', 'old!!']) {
      saver.edit('website', value);
      timers.advance(300);
    }
    expect(calls).toHaveLength(0);
    expect(saver.state('website').status).toBe('pending');
    timers.advance(699);
    expect(calls).toHaveLength(0);
    timers.advance(1);
    expect(calls.map((c) => [c.key, c.value, c.options.keepalive])).toEqual([['website', 'old!!', false]]);
    expect(saver.state('website').status).toBe('saving');
    calls[0].resolve();
    await settle();
    expect(saver.state('website').status).toBe('saved');
    expect(saver.hasUnsavedChanges()).toBe(false);
  });

  it('keeps a separate timer per field', () => {
    saver.edit('website', 'a');
    timers.advance(600);
    saver.edit('hours', 'b');
    timers.advance(400);
    expect(calls.map((c) => c.key)).toEqual(['website']);
    timers.advance(600);
    expect(calls.map((c) => c.key)).toEqual(['website', 'hours']);
  });

  it('sends nothing when the value returns to what the server holds', () => {
    saver.edit('website', 'olde');
    saver.edit('website', 'old');
    expect(saver.state('website').status).toBe('idle');
    timers.advance(5000);
    expect(calls).toHaveLength(0);
    expect(saver.hasUnsavedChanges()).toBe(false);
  });

  it('waits for the save in flight, then sends only the newest value', async () => {
    saver.edit('website', 'v1');
    timers.advance(1000);
    expect(calls.map((c) => c.value)).toEqual(['v1']);
    saver.edit('website', 'v2');
    saver.edit('website', 'v3');
    timers.advance(1000);
    expect(calls.map((c) => c.value)).toEqual(['v1']); // one call per field at a time
    calls[0].resolve();
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['v1', 'v3']);
    calls[1].resolve();
    await settle();
    expect(saver.state('website').status).toBe('saved');
  });

  it('does not resend the value already in flight', async () => {
    saver.edit('website', 'v1');
    timers.advance(1000);
    saver.edit('website', 'v1x');
    saver.edit('website', 'v1');
    expect(saver.state('website').status).toBe('saving');
    timers.advance(2000);
    calls[0].resolve();
    await settle();
    expect(calls).toHaveLength(1);
    expect(saver.state('website').status).toBe('saved');
  });

  it('sends a value equal to the old one again when a different value is in flight', async () => {
    saver.edit('website', 'new');
    timers.advance(1000);
    saver.edit('website', 'old');
    timers.advance(1000);
    calls[0].resolve();
    await settle();
    expect(calls.map((c) => c.value)).toEqual(['new', 'old']);
  });

  it('reports a failure with its error, keeps it until the next edit, and retries on demand', async () => {
    saver.edit('website', '');
    timers.advance(1000);
    const error = { message: 'قيمة المتغير مطلوبة' };
    calls[0].reject(error);
    await settle();
    expect(saver.state('website')).toEqual({ status: 'failed', error });
    expect(errors).toEqual([['website', error, '']]);
    expect(saver.hasUnsavedChanges()).toBe(false);

    saver.retry('website', 'old'); // equal to the stored value, sent anyway
    expect(calls.map((c) => c.value)).toEqual(['', 'old']);
    calls[1].resolve();
    await settle();
    expect(saver.state('website').status).toBe('saved');
  });

  it('does not report a failure that a newer edit replaces', async () => {
    saver.edit('website', 'bad');
    timers.advance(1000);
    saver.edit('website', 'good');
    calls[0].reject(new Error('x'));
    await settle();
    expect(errors).toHaveLength(0);
    expect(saver.state('website').status).toBe('pending');
    timers.advance(1000);
    calls[1].resolve();
    await settle();
    expect(saver.state('website').status).toBe('saved');
  });

  it('turns a throwing save into a failure', async () => {
    const throwing = new Autosaver<'k'>({
      delayMs: 10,
      timers,
      save: () => {
        throw new Error('boom');
      },
    });
    throwing.edit('k', 'v');
    timers.advance(10);
    await settle();
    expect(throwing.state('k').status).toBe('failed');
  });

  describe('flush', () => {
    it('sends every waiting edit at once and cancels their timers', async () => {
      saver.edit('website', 'w');
      saver.edit('hours', 'h');
      expect(saver.hasUnsavedChanges()).toBe(true);
      saver.flush();
      expect(calls.map((c) => [c.key, c.value, c.options.keepalive])).toEqual([
        ['website', 'w', false],
        ['hours', 'h', false],
      ]);
      timers.advance(5000);
      expect(calls).toHaveLength(2);
    });

    it('with keepalive (page leave) sends the newest value even while an older save is in flight', async () => {
      saver.edit('website', 'v1');
      timers.advance(1000);
      saver.edit('website', 'v2');
      saver.flush({ keepalive: true });
      expect(calls.map((c) => [c.value, c.options.keepalive])).toEqual([
        ['v1', false],
        ['v2', true],
      ]);
      // The older call settling last does not make the field look saved with the older value.
      calls[1].resolve();
      await settle();
      expect(saver.state('website').status).toBe('saved');
      calls[0].resolve();
      await settle();
      saver.edit('website', 'v2');
      expect(calls).toHaveLength(2); // v2 is what the server was last confirmed to hold
    });

    it('flushes one field only when asked, and does nothing when nothing waits', () => {
      saver.flush();
      expect(calls).toHaveLength(0);
      saver.edit('website', 'w');
      saver.edit('hours', 'h');
      saver.flush({ key: 'hours' });
      expect(calls.map((c) => c.key)).toEqual(['hours']);
    });
  });

  it('announces each state change once', async () => {
    saver.edit('website', 'a');
    saver.edit('website', 'ab');
    timers.advance(1000);
    calls[0].resolve();
    await settle();
    expect(states).toEqual([
      ['website', 'pending'],
      ['website', 'saving'],
      ['website', 'saved'],
    ]);
  });
});
