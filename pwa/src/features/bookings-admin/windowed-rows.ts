import { useCallback, useLayoutEffect, useRef, useState, type RefObject, type UIEvent } from 'react';

/** A booking row of the small table: two lines of guest, the status select, chips. */
export const ROW_HEIGHT_ESTIMATE = 61;
/** Rows drawn beyond each edge of the viewport, so a fast flick does not show blank space. */
export const OVERSCAN = 8;
/** When the box has no size yet (first render, a test's DOM without layout). */
const FALLBACK_VIEWPORT = 640;

export interface RowWindow {
  /** Index of the first row drawn. */
  first: number;
  /** One past the last row drawn. */
  last: number;
  /** Height of the rows left out above and below, kept as space so the scrollbar is true. */
  padTop: number;
  padBottom: number;
}

/** Which rows of `count` fixed-height rows a viewport scrolled to `scrollTop` shows. */
export function rowWindow(count: number, scrollTop: number, viewport: number, rowHeight: number, overscan = OVERSCAN): RowWindow {
  if (count === 0) return { first: 0, last: 0, padTop: 0, padBottom: 0 };
  const top = Math.max(0, scrollTop);
  const first = Math.min(count - 1, Math.max(0, Math.floor(top / rowHeight) - overscan));
  const last = Math.min(count, Math.ceil((top + viewport) / rowHeight) + overscan);
  return { first, last, padTop: first * rowHeight, padBottom: (count - last) * rowHeight };
}

/**
 * Windowing for a long table in a scrolling box: only the rows in view (and a few either
 * side) are in the DOM, so thousands of bookings scroll as smoothly as twenty-five. The row
 * height is measured from a drawn row once there is layout; spacer rows keep the scrollbar.
 */
export function useWindowedRows(count: number, enabled: boolean): RowWindow & { boxRef: RefObject<HTMLDivElement | null>; onScroll: (e: UIEvent<HTMLElement>) => void } {
  const boxRef = useRef<HTMLDivElement | null>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [viewport, setViewport] = useState(FALLBACK_VIEWPORT);
  const [rowHeight, setRowHeight] = useState(ROW_HEIGHT_ESTIMATE);
  const frame = useRef(0);

  const onScroll = useCallback((e: UIEvent<HTMLElement>) => {
    const top = e.currentTarget.scrollTop;
    // One state change per frame, however many scroll events the browser sends.
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(() => setScrollTop(top));
  }, []);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!enabled || !box) return;
    const measure = () => {
      if (box.clientHeight > 0) setViewport(box.clientHeight);
      const row = box.querySelector<HTMLElement>('tbody tr[data-row]');
      if (row && row.offsetHeight > 0) setRowHeight(row.offsetHeight);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure);
    observer?.observe(box);
    return () => observer?.disconnect();
  }, [enabled, count]);

  useLayoutEffect(() => () => cancelAnimationFrame(frame.current), []);

  const win = enabled ? rowWindow(count, scrollTop, viewport, rowHeight) : { first: 0, last: count, padTop: 0, padBottom: 0 };
  return { ...win, boxRef, onScroll };
}
