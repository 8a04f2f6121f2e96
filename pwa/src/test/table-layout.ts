import { vi } from 'vitest';

/**
 * jsdom lays nothing out (every height is 0). For a windowed table, this gives its scroll box
 * (data-testid `testId`) the height a browser would, and each measured body row (the rows a
 * virtualizer draws carry data-index) its height. Returns the undo.
 */
export function stubTableLayout({ testId, boxHeight, rowHeight }: { testId: string; boxHeight: number; rowHeight: number }): () => void {
  const client = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockImplementation(function (this: Element) {
    return this instanceof HTMLElement && this.dataset.testid === testId ? boxHeight : 0;
  });
  const offset = vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.matches('tbody tr[data-index]') ? rowHeight : 0;
  });
  return () => {
    client.mockRestore();
    offset.mockRestore();
  };
}
