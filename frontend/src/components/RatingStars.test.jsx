import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import RatingStars from './RatingStars';
import ProductCard from './ProductCard';

describe('RatingStars', () => {
  it('shows the average to one decimal and the count, read as a sentence', () => {
    const { container } = render(<RatingStars rating={{ average: 4.3, count: 12 }} />);
    const stars = screen.getByRole('img', { name: 'Rated 4.3 out of 5 by 12 shoppers' });
    expect(stars).toHaveTextContent('★ 4.3 (12)');
    expect(container.textContent).toBe('★ 4.3 (12)');
  });

  it('says one shopper, and 4.0 for a whole average', () => {
    render(<RatingStars rating={{ average: 4, count: 1 }} />);
    expect(screen.getByRole('img', { name: 'Rated 4.0 out of 5 by 1 shopper' })).toHaveTextContent(
      '★ 4.0 (1)',
    );
  });

  it('shows nothing before the first review, or without a rating', () => {
    const { container } = render(
      <>
        <RatingStars rating={{ average: null, count: 0 }} />
        <RatingStars />
      </>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it('is on every product card that has reviews', () => {
    const product = {
      _id: '1',
      name: 'Mug',
      slug: 'mug',
      description: 'A mug.',
      price: 299,
      quantity: 4,
      rating: { average: 3.5, count: 2 },
    };
    render(
      <MemoryRouter>
        <ProductCard product={product} onAdd={() => {}} />
        <ProductCard
          product={{ ...product, _id: '2', name: 'Cup', rating: { average: null, count: 0 } }}
          onAdd={() => {}}
        />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('img', { name: /^Rated/ })).toHaveLength(1);
    expect(
      screen.getByRole('img', { name: 'Rated 3.5 out of 5 by 2 shoppers' }),
    ).toBeInTheDocument();
  });
});
