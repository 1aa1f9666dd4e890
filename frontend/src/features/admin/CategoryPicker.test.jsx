import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import CategoryPicker from './CategoryPicker';

const CATEGORIES = [
  { _id: '1', name: 'Audio' },
  { _id: '5', name: 'Cameras' },
];

function Harness({ categories }) {
  const [value, setValue] = useState('');
  return <CategoryPicker categories={categories} value={value} onChange={setValue} />;
}

describe('CategoryPicker', () => {
  it('chooses the only match as the admin types', () => {
    render(<Harness categories={CATEGORIES} />);
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'cam' } });
    expect(screen.getByLabelText('Category')).toHaveValue('5');
  });

  it('chooses the only match when the list arrives after the admin typed', () => {
    const { rerender } = render(<Harness categories={[]} />);
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'cam' } });
    expect(screen.getByLabelText('Category')).toHaveValue('');
    rerender(<Harness categories={CATEGORIES} />);
    expect(screen.getByLabelText('Category')).toHaveValue('5');
  });

  it('keeps a category the admin picks by hand while a filter is typed', () => {
    render(<Harness categories={CATEGORIES} />);
    fireEvent.change(screen.getByLabelText('Search categories'), { target: { value: 'cam' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: '' } });
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });
});
