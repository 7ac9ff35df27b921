import { useCallback, useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { isDismissSwipe, swipeOffset, type Point, type SwipeDirection } from '@shared/toasts';

// A drag shorter than this is still a click (on the toast's buttons).
const DRAG_START_PX = 5;

/**
 * Pointer handlers that let an element follow a drag toward `direction` (screen direction, spec:
 * "swipe right") and call `onDismiss` when it ends past the threshold; a shorter drag springs back.
 */
export function useSwipeDismiss(onDismiss: () => void, direction: SwipeDirection = 'right') {
  const start = useRef<Point | null>(null);
  const dragging = useRef(false);
  const [offset, setOffset] = useState(0);
  const [active, setActive] = useState(false);

  const reset = (element: HTMLElement, pointerId: number) => {
    if (element.hasPointerCapture(pointerId)) element.releasePointerCapture(pointerId);
    start.current = null;
    setActive(false);
  };

  const onPointerDown = (event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    start.current = { x: event.clientX, y: event.clientY };
    dragging.current = false;
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    const now = { x: event.clientX, y: event.clientY };
    if (!dragging.current && Math.abs(now.x - start.current.x) >= DRAG_START_PX) {
      // Captured only once it is a drag, so a plain click still reaches the buttons inside.
      dragging.current = true;
      event.currentTarget.setPointerCapture(event.pointerId);
      setActive(true);
    }
    if (dragging.current) setOffset(swipeOffset(start.current, now, direction));
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (!start.current) return;
    const dismissed = dragging.current && isDismissSwipe(start.current, { x: event.clientX, y: event.clientY }, direction);
    // While captured, the click that ends a drag goes to this element, not to a button under the pointer.
    reset(event.currentTarget, event.pointerId);
    dragging.current = false;
    if (dismissed) onDismiss();
    else setOffset(0);
  };

  const onPointerCancel = (event: PointerEvent<HTMLElement>) => {
    reset(event.currentTarget, event.pointerId);
    dragging.current = false;
    setOffset(0);
  };

  // Inline (not sx): the right-to-left style plugin must not mirror a screen-direction offset.
  const style: CSSProperties = {
    transform: offset ? `translateX(${direction === 'right' ? offset : -offset}px)` : undefined,
    transition: active ? 'none' : 'transform 200ms ease-out',
    touchAction: 'pan-y',
  };

  // A dismissed toast leaves from where it was dragged to; call `restore` before showing the next one.
  const restore = useCallback(() => setOffset(0), []);

  return { handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel }, style, swiping: active, restore };
}
