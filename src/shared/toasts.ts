// Toast and tooltip behaviour both UIs follow (public spec section 9, admin spec section 9, decisions.md).
// Framework-free: the UIs wire these to their own components.

/** A toast closes on its own after 5 s unless its caller asks for longer. */
export const TOAST_DURATION_MS = 5000;
/** A drag of more than 50 px to the right dismisses a toast. */
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/** The key that moves the focus to the toasts region. */
export const TOAST_HOTKEY = 'F8';
/** A tooltip opens after the pointer has rested 700 ms on its control… */
export const TOOLTIP_OPEN_DELAY_MS = 700;
/** …or at once when another tooltip closed less than 300 ms ago (moving from one to the next). */
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * Screen directions, not reading ones: the spec's "swipe right" is to the right in the right-to-left
 * UIs too (as Radix's swipeDirection="right" on the public site).
 */
export type SwipeDirection = 'right' | 'left';

export interface Point {
  x: number;
  y: number;
}

/** How far a drag from `start` to `now` went toward `direction` (px); 0 when it went the other way. */
export function swipeOffset(start: Point, now: Point, direction: SwipeDirection = 'right'): number {
  const along = direction === 'right' ? now.x - start.x : start.x - now.x;
  return Math.max(0, along);
}

/** True when a drag dismisses: more than the threshold toward `direction`, and more sideways than up or down. */
export function isDismissSwipe(
  start: Point,
  end: Point,
  direction: SwipeDirection = 'right',
  threshold: number = TOAST_SWIPE_THRESHOLD_PX,
): boolean {
  const sideways = Math.abs(end.x - start.x);
  const vertical = Math.abs(end.y - start.y);
  return swipeOffset(start, end, direction) > threshold && sideways > vertical;
}

export interface KeyPress {
  key: string;
  code?: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/** True for the toasts hotkey (F8) pressed without Ctrl, Alt or Meta (those stay the system's). */
export function isToastHotkey(event: KeyPress, hotkey: string = TOAST_HOTKEY): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  return event.code === hotkey || event.key === hotkey;
}
