import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useProgressiveLimit } from './use-progressive-limit.js';

function List({ rows, ready }: { rows: string[]; ready: boolean }) {
  const shown = useProgressiveLimit(3, ready);
  return (
    <ul>
      {rows.slice(0, shown).map((r) => (
        <li key={r}>{r}</li>
      ))}
    </ul>
  );
}

const rows = Array.from({ length: 12 }, (_, i) => `row ${i + 1}`);

describe('useProgressiveLimit', () => {
  it('draws the first rows only while the data is not ready', () => {
    render(<List rows={rows} ready={false} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['row 1', 'row 2', 'row 3']);
  });

  it('draws every row once the data is ready', async () => {
    const { rerender } = render(<List rows={rows} ready={false} />);
    rerender(<List rows={rows} ready />);
    expect(await screen.findByText('row 12')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
  });
});
