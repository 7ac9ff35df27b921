import { Injectable } from '@nestjs/common';

/** The one source of "now": every rule that reads the time takes it from here so tests can move it. */
export abstract class Clock {
  abstract now(): Date;
}

@Injectable()
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/** A clock tests can set and advance. */
export class FakeClock extends Clock {
  private current: Date;
  constructor(start: Date = new Date()) {
    super();
    this.current = new Date(start);
  }
  now(): Date {
    return new Date(this.current);
  }
  set(instant: Date | string): void {
    this.current = new Date(instant);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}
