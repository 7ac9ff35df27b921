/**
 * Per-field auto-save with a debounce (spec: admin-side sections 7 and 9: each auto-reply variable is
 * saved 1000 ms after its last edit). Framework-free so the rules can be tested with fake timers:
 *
 * - each field has its own timer: an edit restarts that field's timer only;
 * - a value equal to what the server holds (or is about to hold) is not sent again;
 * - one save per field at a time: an edit whose timer fires while the previous save of the same
 *   field is in flight waits for it, then sends the newest value (never an older one after a newer);
 * - `flush()` sends every waiting edit at once (page leave, unmount), optionally with `keepalive`
 *   so the browser completes the call after the page is gone;
 * - a failed save keeps its error until the field is edited again or `retry()` succeeds.
 */

export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'failed';

export interface FieldSaveState {
  status: SaveStatus;
  /** The error of the last failed save (status 'failed' only). */
  error: unknown;
}

export interface SaveCallOptions {
  /** True when the page is being left: the call must outlive the page (fetch keepalive). */
  keepalive: boolean;
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export interface AutosaverOptions<K extends string> {
  delayMs: number;
  save(key: K, value: string, options: SaveCallOptions): Promise<unknown>;
  /** Called whenever a field's state changes. */
  onState?(key: K, state: FieldSaveState): void;
  /** Called when a save fails and no newer edit of that field is waiting to replace it. */
  onError?(key: K, error: unknown, value: string): void;
  timers?: Timers;
}

interface Field {
  /** What the server holds, as far as we know (null: not known). */
  saved: string | null;
  /** The value of the newest save in flight, if any. */
  sending: string | null;
  /** Number of the newest save sent, and of the newest one the server confirmed. */
  sentSeq: number;
  savedSeq: number;
  /** The newest edit not sent yet, if any. */
  waiting: string | null;
  timer: unknown;
  state: FieldSaveState;
}

const defaultTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class Autosaver<K extends string> {
  private readonly fields = new Map<K, Field>();
  private readonly timers: Timers;

  constructor(private readonly options: AutosaverOptions<K>) {
    this.timers = options.timers ?? defaultTimers;
  }

  /** The value the server holds for a field (after loading); resets a field that has nothing waiting. */
  setSaved(key: K, value: string): void {
    this.field(key).saved = value;
  }

  state(key: K): FieldSaveState {
    return this.fields.get(key)?.state ?? { status: 'idle', error: null };
  }

  /** True while any edit is waiting for its timer or being saved. */
  hasUnsavedChanges(): boolean {
    for (const field of this.fields.values()) if (field.waiting !== null || field.sending !== null) return true;
    return false;
  }

  /** Records an edit: the field is saved `delayMs` after its last edit. */
  edit(key: K, value: string): void {
    const field = this.field(key);
    this.stopTimer(field);
    const target = field.sending ?? field.saved;
    if (value === target) {
      // Back to what the server holds (or is receiving): nothing to send.
      field.waiting = null;
      this.setState(key, field, field.sending !== null ? 'saving' : field.state.status === 'saved' ? 'saved' : 'idle');
      return;
    }
    field.waiting = value;
    this.setState(key, field, 'pending');
    field.timer = this.timers.set(() => {
      field.timer = null;
      this.send(key, false);
    }, this.options.delayMs);
  }

  /** Sends every waiting edit now (or only `key`'s). */
  flush(options: { keepalive?: boolean; key?: K } = {}): void {
    const keys = options.key !== undefined ? [options.key] : [...this.fields.keys()];
    for (const key of keys) {
      const field = this.fields.get(key);
      if (!field || field.waiting === null) continue;
      this.stopTimer(field);
      // Leaving the page: the call in flight may be cut off with the page, so the newest value
      // goes out at once with keepalive instead of waiting for it.
      this.send(key, options.keepalive === true, options.keepalive === true);
    }
  }

  /** Saves `value` now, even when it equals the stored one (the retry button of a failed field). */
  retry(key: K, value: string): void {
    const field = this.field(key);
    this.stopTimer(field);
    field.waiting = value;
    this.send(key, false);
  }

  private field(key: K): Field {
    let field = this.fields.get(key);
    if (!field) {
      field = {
        saved: null,
        sending: null,
        sentSeq: 0,
        savedSeq: 0,
        waiting: null,
        timer: null,
        state: { status: 'idle', error: null },
      };
      this.fields.set(key, field);
    }
    return field;
  }

  private stopTimer(field: Field): void {
    if (field.timer !== null) {
      this.timers.clear(field.timer);
      field.timer = null;
    }
  }

  private setState(key: K, field: Field, status: SaveStatus, error: unknown = null): void {
    if (field.state.status === status && field.state.error === error) return;
    field.state = { status, error };
    this.options.onState?.(key, field.state);
  }

  private send(key: K, keepalive: boolean, evenIfBusy = false): void {
    const field = this.fields.get(key);
    if (!field || field.waiting === null) return;
    if (field.sending !== null && !evenIfBusy) return; // sent when the call in flight settles
    const value = field.waiting;
    const seq = ++field.sentSeq;
    field.waiting = null;
    field.sending = value;
    this.setState(key, field, 'saving');

    let call: Promise<unknown>;
    try {
      call = this.options.save(key, value, { keepalive });
    } catch (error) {
      call = Promise.reject(error);
    }
    call.then(
      () => this.settle(key, field, seq, value, null),
      (error: unknown) => this.settle(key, field, seq, value, error ?? new Error('save failed')),
    );
  }

  private settle(key: K, field: Field, seq: number, value: string, error: unknown): void {
    if (seq === field.sentSeq) field.sending = null;
    if (error === null && seq > field.savedSeq) {
      field.saved = value;
      field.savedSeq = seq;
    }

    if (field.waiting !== null) {
      // A newer edit supersedes this outcome: send it now if its timer already fired.
      if (field.timer === null) this.send(key, false);
      else this.setState(key, field, 'pending');
      return;
    }
    if (field.sending !== null) return; // a newer save is still in flight
    if (error === null) {
      this.setState(key, field, 'saved');
    } else {
      this.setState(key, field, 'failed', error);
      this.options.onError?.(key, error, value);
    }
  }
}
