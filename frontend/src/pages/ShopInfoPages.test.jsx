// The info pages and the footer say what the shop's settings (shop-info) say, show grey
// lines while they load and keep working when they cannot be loaded.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { fakeServer } from '../features/auth/testing/fakeServer';
import { resetShopInfo } from '../features/shop/useShopInfo';
import { shopInfoAnswer } from '../features/shop/testing';
import Footer from '../app/layout/Footer';
import AboutPage from './AboutPage';
import ContactPage from './ContactPage';
import FaqPage from './FaqPage';
import TermsPage from './TermsPage';
import PolicyPage from './PolicyPage';

function show(Page, answer = { data: shopInfoAnswer() }) {
  const server = fakeServer({ 'GET /api/v1/shop-info': answer });
  render(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
  );
  return server;
}

const answer = (question) =>
  screen.getByText(question, { selector: 'summary' }).closest('details').querySelector('p');

let server;
beforeEach(() => resetShopInfo());
afterEach(() => server?.restore());

describe('FAQ', () => {
  it('states the delivery rule, cash on delivery only with its cap, and GST invoices', async () => {
    server = show(FaqPage);
    expect(
      await screen.findByText(
        'Delivery is free on orders of ₹499 or more; below that ₹49 is added at checkout.',
      ),
    ).toBeInTheDocument();
    expect(answer('Which payment methods do you accept?')).toHaveTextContent(
      'We accept cash on delivery only. Cash on delivery is available for orders up to ₹50,000.',
    );
    expect(answer('Are the products genuine and under warranty?')).toHaveTextContent(
      'Every order comes with a GST invoice once it ships',
    );
    expect(document.body).not.toHaveTextContent(/UPI|net banking|cards/);
    expect(screen.getByRole('link', { name: 'care@sphere.example.in' })).toHaveAttribute(
      'href',
      'mailto:care@sphere.example.in',
    );
  });

  it('follows the settings: another cap, and free delivery when the charge is 0', async () => {
    server = show(FaqPage, {
      data: shopInfoAnswer({ codLimit: 10000, delivery: { charge: 0, freeFrom: null } }),
    });
    expect(await screen.findByText('Delivery is free on every order.')).toBeInTheDocument();
    expect(answer('Which payment methods do you accept?')).toHaveTextContent(
      'Cash on delivery is available for orders up to ₹10,000.',
    );
    expect(document.body).not.toHaveTextContent('₹50,000');
  });

  it('says a charge that never goes away as such', async () => {
    server = show(FaqPage, { data: shopInfoAnswer({ delivery: { charge: 79, freeFrom: null } }) });
    expect(
      await screen.findByText('A delivery charge of ₹79 is added to every order.'),
    ).toBeInTheDocument();
  });

  it('shows grey lines while loading and no promise when shop-info fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail;
    server = show(FaqPage, new Promise((resolve) => (fail = resolve)));
    expect(screen.getAllByTestId('shop-skeleton')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Frequently asked questions' })).toBeInTheDocument();
    fail({ status: 500, data: { success: false, message: 'Something went wrong' } });
    expect(await screen.findAllByText(/The cart shows the delivery charge/)).toHaveLength(2);
    expect(screen.queryByTestId('shop-skeleton')).not.toBeInTheDocument();
    expect(screen.getByText(/our customer care team/)).toBeInTheDocument();
  });
});

describe('Contact', () => {
  it('shows customer care, the office and the grievance officer with designation', async () => {
    server = show(ContactPage);
    expect(screen.getByRole('heading', { name: 'CONTACT US' })).toBeInTheDocument();
    expect(screen.getByText(/available 24\/7/)).toBeInTheDocument();
    const officer = await screen.findByRole('region', { name: 'Grievance Officer' });
    expect(officer).toHaveTextContent('Meera Nair, Head of Customer Experience');
    expect(
      within(officer).getByRole('link', { name: 'grievance@sphere.example.in' }),
    ).toBeVisible();
    expect(screen.getByText(/Sphere Retail Private Limited, 4th Floor/)).toBeInTheDocument();
    expect(screen.queryByText('Toll-free:')).not.toBeInTheDocument();
  });

  it('shows a toll-free number when the shop has one', async () => {
    server = show(ContactPage, { data: shopInfoAnswer({ shop: { tollFree: '1800 200 7788' } }) });
    expect(await screen.findByRole('link', { name: '1800 200 7788' })).toHaveAttribute(
      'href',
      'tel:18002007788',
    );
  });

  it('keeps its heading and says so when shop-info fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = show(ContactPage, { status: 503, data: {} });
    expect(await screen.findByText(/could not be loaded just now/)).toBeInTheDocument();
  });
});

describe('Footer', () => {
  it('shows the seller, GSTIN, customer care and the grievance officer', async () => {
    server = show(Footer);
    expect(screen.getAllByTestId('shop-skeleton').length).toBeGreaterThan(0);
    expect(await screen.findByText('Sphere Retail Private Limited')).toBeInTheDocument();
    expect(
      screen.getByText(
        '4th Floor, Prestige Tech Park, Outer Ring Road, Bengaluru 560103, Karnataka',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('GSTIN: 29ABCDE1234F1Z5')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'care@sphere.example.in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Grievance Officer' })).toBeInTheDocument();
    expect(screen.getByText('Meera Nair, Head of Customer Experience')).toBeInTheDocument();
    expect(screen.queryByTestId('shop-skeleton')).not.toBeInTheDocument();
  });

  it('keeps its links when shop-info fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    server = show(Footer, { status: 500, data: {} });
    expect(await screen.findByRole('link', { name: 'Returns' })).toBeInTheDocument();
    await vi.waitFor(() => expect(screen.queryByTestId('shop-skeleton')).toBeNull());
    expect(screen.queryByText(/GSTIN/)).not.toBeInTheDocument();
  });
});

describe('About, Terms and Privacy', () => {
  it('About promises only what the settings say', async () => {
    server = show(AboutPage, { data: shopInfoAnswer({ delivery: { charge: 0, freeFrom: null } }) });
    expect(await screen.findByText('Free delivery on every order')).toBeInTheDocument();
    expect(screen.getByText('Pay by cash on delivery')).toBeInTheDocument();
    expect(screen.getByText('Genuine products with GST invoices')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/UPI|19,000/);
  });

  it('Terms name the seller; Privacy gives the customer care e-mail', async () => {
    server = show(TermsPage);
    expect(await screen.findByTestId('seller')).toHaveTextContent(
      'ShopSphere is run by Sphere Retail Private Limited, 4th Floor',
    );
    expect(screen.getByTestId('seller')).toHaveTextContent('(GSTIN 29ABCDE1234F1Z5)');
    server.restore();
    server = show(PolicyPage);
    expect(screen.getAllByRole('link', { name: 'care@sphere.example.in' }).length).toBe(2);
  });
});
