import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publicSettings } from '@/test/fixtures.js';
import { FindUs } from './find-us.js';

/** An IntersectionObserver the test drives: `enter()` reports the observed element in view. */
class FakeIntersectionObserver {
  static instances: FakeIntersectionObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;
  constructor(private readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  enter() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.instances = [];
});

describe('FindUs', () => {
  it('loads the map only once its box scrolls into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    // A second one below it, scrolled into view at once: once its map is shown, the map
    // module has loaded, and a first one that had asked for it too would show its map as well.
    render(
      <>
        <FindUs settings={publicSettings} id="above" />
        <FindUs settings={publicSettings} id="below" />
      </>,
    );
    const [above, below] = ['above', 'below'].map((id) => within(document.getElementById(id)!));

    expect(above.getByRole('heading', { name: 'Find Us' })).toBeInTheDocument();
    expect(above.getByText('Loading map...')).toBeInTheDocument();
    expect(FakeIntersectionObserver.instances).toHaveLength(2);
    const [observer, belowObserver] = FakeIntersectionObserver.instances;
    act(() => belowObserver.enter());
    expect(await below.findByTestId('map')).toHaveTextContent('Marula Ridge Lodge');
    expect(above.queryByTestId('map')).not.toBeInTheDocument();
    expect(above.getByText('Loading map...')).toBeInTheDocument();

    // The map waits for its own box, not the page.
    expect(observer.observed).toEqual([above.getByText('Loading map...').closest('[role="status"]')!.parentElement]);
    expect(observer.disconnected).toBe(false);
    act(() => observer.enter());
    expect(await above.findByTestId('map')).toHaveTextContent('Marula Ridge Lodge');
    expect(observer.disconnected).toBe(true);
  });

  it('shows the map at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<FindUs settings={publicSettings} />);
    expect(await screen.findByTestId('map')).toBeInTheDocument();
  });
});
