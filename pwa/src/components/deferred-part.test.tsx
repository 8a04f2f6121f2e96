import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from '@/lib/lazy-page.js';
import { DeferredPart } from './deferred-part.js';

/** A part whose code loads only while `network.up` (its chunk not yet held by the service worker). */
function flakyPart() {
  const network = { up: false };
  const load = vi.fn(async () => {
    if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
    return { Details: () => <p>Room 4, two nights</p> };
  });
  return { network, load, Part: lazyPage(load, (m) => m.Details, { drawWhenLoaded: true }) };
}

function Desk({ Part }: { Part: ReturnType<typeof flakyPart>['Part'] }) {
  const [attempt, setAttempt] = useState(0);
  return (
    <>
      <h1>Front Desk</h1>
      <button onClick={() => setAttempt((n) => n + 1)}>Open again</button>
      <DeferredPart retryKey={String(attempt)} fallback={<p role="alert">Reconnect once</p>}>
        <Part />
      </DeferredPart>
    </>
  );
}

describe('a deferred part of a page', () => {
  it('whose code cannot be had draws its fallback, and the page goes on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Part } = flakyPart();
    render(<Desk Part={Part} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Reconnect once');
    expect(screen.getByRole('heading', { name: 'Front Desk' })).toBeInTheDocument();
    expect(screen.queryByText('Room 4, two nights')).toBeNull();
  });

  it('tries the code again when its retry key changes, and draws it once it loads', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { Part, load, network } = flakyPart();
    render(<Desk Part={Part} />);
    await screen.findByRole('alert');
    const failedTries = load.mock.calls.length;
    network.up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Open again' }));
    expect(await screen.findByText('Room 4, two nights')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(failedTries + 1);
  });
});
