import { describe, expect, it } from '@jest/globals';
import {
  isDismissSwipe,
  isToastHotkey,
  swipeOffset,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  TOOLTIP_OPEN_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
} from './toasts';

const start = { x: 200, y: 500 };

describe('toast and tooltip timings', () => {
  it('are the spec values', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
    expect(TOAST_SWIPE_THRESHOLD_PX).toBe(50);
    expect(TOOLTIP_OPEN_DELAY_MS).toBe(700);
    expect(TOOLTIP_SKIP_DELAY_MS).toBe(300);
  });
});

describe('swipeOffset', () => {
  it('follows a drag to the right and stays at 0 for a drag to the left', () => {
    expect(swipeOffset(start, { x: 230, y: 500 })).toBe(30);
    expect(swipeOffset(start, { x: 150, y: 500 })).toBe(0);
  });

  it('mirrors for a left swipe', () => {
    expect(swipeOffset(start, { x: 150, y: 500 }, 'left')).toBe(50);
    expect(swipeOffset(start, { x: 260, y: 500 }, 'left')).toBe(0);
  });
});

describe('isDismissSwipe', () => {
  it('dismisses past 50 px to the right, not at 50 px or less', () => {
    expect(isDismissSwipe(start, { x: 251, y: 500 })).toBe(true);
    expect(isDismissSwipe(start, { x: 250, y: 500 })).toBe(false);
    expect(isDismissSwipe(start, { x: 230, y: 505 })).toBe(false);
  });

  it('ignores a long drag the wrong way (the screen right, also in right-to-left pages)', () => {
    expect(isDismissSwipe(start, { x: 100, y: 500 })).toBe(false);
    expect(isDismissSwipe(start, { x: 100, y: 500 }, 'left')).toBe(true);
  });

  it('ignores a drag that is mostly up or down (a scroll)', () => {
    expect(isDismissSwipe(start, { x: 270, y: 600 })).toBe(false);
    expect(isDismissSwipe(start, { x: 270, y: 540 })).toBe(true);
  });

  it('takes another threshold', () => {
    expect(isDismissSwipe(start, { x: 230, y: 500 }, 'right', 20)).toBe(true);
  });
});

describe('isToastHotkey', () => {
  it('is F8 by code or key', () => {
    expect(isToastHotkey({ key: 'F8', code: 'F8' })).toBe(true);
    expect(isToastHotkey({ key: 'F8' })).toBe(true);
    expect(isToastHotkey({ key: 'Unidentified', code: 'F8' })).toBe(true);
  });

  it('is not another key nor F8 with Ctrl, Alt or Meta', () => {
    expect(isToastHotkey({ key: 'F7', code: 'F7' })).toBe(false);
    expect(isToastHotkey({ key: 'F8', code: 'F8', ctrlKey: true })).toBe(false);
    expect(isToastHotkey({ key: 'F8', code: 'F8', altKey: true })).toBe(false);
    expect(isToastHotkey({ key: 'F8', code: 'F8', metaKey: true })).toBe(false);
  });
});
