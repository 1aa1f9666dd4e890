import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import LoadMoreButton from './LoadMoreButton';

describe('LoadMoreButton', () => {
  it('shows while fewer are loaded than the total and asks for more', () => {
    const onClick = vi.fn();
    render(<LoadMoreButton loaded={6} total={20} loading={false} onClick={onClick} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load More' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it("reads 'Loading ...' and is disabled while fetching", () => {
    render(<LoadMoreButton loaded={6} total={20} loading onClick={() => {}} />);
    expect(screen.getByRole('button', { name: 'Loading ...' })).toBeDisabled();
  });

  it('is gone once everything is loaded', () => {
    render(<LoadMoreButton loaded={20} total={20} loading={false} onClick={() => {}} />);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
