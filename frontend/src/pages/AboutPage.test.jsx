import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import AboutPage from './AboutPage';

describe('About page', () => {
  it('shows an image with alt text and its size beside the text (spec section 2)', () => {
    render(
      <MemoryRouter>
        <AboutPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'About us' })).toBeInTheDocument();
    expect(screen.getByText(/ships across India/)).toBeInTheDocument();
    const image = screen.getByRole('img', { name: /ShopSphere shop front/ });
    // Vitest inlines the SVG as a data: URL; webpack emits a file (e2e/test_csp.py).
    expect(image.getAttribute('src')).toMatch(/^(data:image\/svg\+xml|\/).+/);
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '320');
  });
});
