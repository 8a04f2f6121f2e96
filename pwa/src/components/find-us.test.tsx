import { act, render, screen } from '@testing-library/react';
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
    render(<FindUs settings={publicSettings} />);

    expect(screen.getByRole('heading', { name: 'Find Us' })).toBeInTheDocument();
    expect(screen.getByText('Loading map...')).toBeInTheDocument();
    // Give a lazy import every chance to run: nothing may have asked for it.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByTestId('map')).not.toBeInTheDocument();

    // The map waits for its own box, not the page.
    const [observer] = FakeIntersectionObserver.instances;
    expect(FakeIntersectionObserver.instances).toHaveLength(1);
    expect(observer.observed).toEqual([screen.getByText('Loading map...').closest('[role="status"]')!.parentElement]);
    act(() => observer.enter());
    expect(await screen.findByTestId('map')).toHaveTextContent('Marula Ridge Lodge');
    expect(observer.disconnected).toBe(true);
  });

  it('shows the map at once where there is no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<FindUs settings={publicSettings} />);
    expect(await screen.findByTestId('map')).toBeInTheDocument();
  });
});
