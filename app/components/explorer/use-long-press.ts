import { useRef } from 'react';

/** docs/product/spec.md §2: a context menu on a 500 ms press that moves less than 10 px. */
const PRESS_MS = 500;
const TOLERANCE_PX = 10;

/**
 * Pointer handlers that call `onPress(x, y)` after a long touch or pen press; a move beyond the
 * tolerance or lifting the finger first cancels it. The mouse has its right click instead.
 */
export function useLongPress(onPress: (x: number, y: number, target: HTMLElement) => void) {
  const state = useRef<{ timer: ReturnType<typeof setTimeout>; x: number; y: number } | null>(null);
  const cancel = () => {
    if (state.current) clearTimeout(state.current.timer);
    state.current = null;
  };
  return {
    onPointerDown(event: React.PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse') return;
      cancel();
      const { clientX: x, clientY: y } = event;
      const target = event.currentTarget;
      state.current = {
        x,
        y,
        timer: setTimeout(() => {
          state.current = null;
          onPress(x, y, target);
        }, PRESS_MS),
      };
    },
    onPointerMove(event: React.PointerEvent<HTMLElement>) {
      const start = state.current;
      if (start && Math.hypot(event.clientX - start.x, event.clientY - start.y) > TOLERANCE_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
  };
}
