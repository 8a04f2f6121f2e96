import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page.js';

/** A module whose download the test finishes by hand. */
function manualModule() {
  let finish!: () => void;
  const loaded = new Promise<void>((resolve) => (finish = resolve));
  function Counter({ label }: { label: string }) {
    const [n, setN] = useState(0);
    return (
      <button type="button" onClick={() => setN(n + 1)}>
        {label} {n}
      </button>
    );
  }
  return { load: () => loaded.then(() => ({ Counter })), finish };
}

function Shell({ children }: { children: React.ReactNode }) {
  return <Suspense fallback={<p>Loading page…</p>}>{children}</Suspense>;
}

describe('lazyPage with drawWhenLoaded (the back office)', () => {
  it('draws a page whose code is already loaded at once, with no loading state', async () => {
    const mod = manualModule();
    const Page = lazyPage(mod.load, (m) => m.Counter, { drawWhenLoaded: true });
    Page.preload();
    await act(async () => mod.finish());

    render(
      <Shell>
        <Page label="Calendar" />
      </Shell>,
    );
    // In the very first commit: no fallback was shown, so React has nothing to hold back.
    expect(screen.getByRole('button', { name: 'Calendar 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page…')).not.toBeInTheDocument();
  });

  it('shows the loading state for a page whose code is not there yet, then the page', async () => {
    const mod = manualModule();
    const Page = lazyPage(mod.load, (m) => m.Counter, { drawWhenLoaded: true });
    render(
      <Shell>
        <Page label="Bookings" />
      </Shell>,
    );
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    await act(async () => mod.finish());
    expect(await screen.findByRole('button', { name: 'Bookings 0' })).toBeInTheDocument();
  });

  it('keeps a page mounted through later renders once its code arrives (its state survives)', async () => {
    const mod = manualModule();
    const Page = lazyPage(mod.load, (m) => m.Counter, { drawWhenLoaded: true });
    function Parent() {
      const [label, setLabel] = useState('Rates');
      return (
        <>
          <button type="button" onClick={() => setLabel('Rate Management')}>
            rename
          </button>
          <Shell>
            <Page label={label} />
          </Shell>
        </>
      );
    }
    render(<Parent />);
    await act(async () => mod.finish());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rates 0' }));
    await user.click(screen.getByRole('button', { name: 'Rates 1' }));
    // The parent draws the page again now that its code is loaded: same page, same count.
    await user.click(screen.getByRole('button', { name: 'rename' }));
    expect(screen.getByRole('button', { name: 'Rate Management 2' })).toBeInTheDocument();
  });
});

describe('lazyPage without it (the public pages)', () => {
  it('suspends once even when its code is loaded, so the first frame comes before the page', async () => {
    const mod = manualModule();
    const Page = lazyPage(mod.load, (m) => m.Counter);
    Page.preload();
    await act(async () => mod.finish());
    render(
      <Shell>
        <Page label="Accommodations" />
      </Shell>,
    );
    expect(screen.getByText('Loading page…')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Accommodations 0' })).toBeInTheDocument();
  });
});
