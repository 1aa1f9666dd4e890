import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import ShipmentInfo from './ShipmentInfo';

const shipped = {
  _id: '42',
  status: 'Shipped',
  expectedDelivery: '2026-12-01',
  shipment: {
    courier: 'BlueDart',
    awb: 'BD123456',
    trackingUrl: 'https://www.bluedart.example/track?awb=BD123456',
    shippedAt: '2026-11-28T06:00:00Z',
    deliveredAt: null,
  },
};

describe('ShipmentInfo', () => {
  it('shows the courier, the AWB, the tracking link in a new tab and the day it arrives', () => {
    render(<ShipmentInfo order={shipped} />);
    const block = screen.getByRole('region', { name: 'Delivery' });
    expect(block).toHaveTextContent('Courier:BlueDart');
    expect(block).toHaveTextContent('AWB:BD123456');
    expect(block).toHaveTextContent('Shipped on Sat, 28 Nov');
    const link = screen.getByRole('link', { name: /Track your parcel/ });
    expect(link).toHaveTextContent('Track your parcel');
    expect(link).toHaveAttribute('href', 'https://www.bluedart.example/track?awb=BD123456');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toMatch(/\bnoopener\b/);
    expect(screen.getByTestId('expected-delivery')).toHaveTextContent('Arriving by Tue, 1 Dec');
  });

  it('says when it was delivered, and links no page that is not https', () => {
    render(
      <ShipmentInfo
        order={{
          ...shipped,
          status: 'Delivered',
          shipment: {
            ...shipped.shipment,
            trackingUrl: 'javascript:alert(1)',
            deliveredAt: '2026-11-30T06:00:00Z',
          },
        }}
      />,
    );
    expect(screen.getByTestId('delivered-on')).toHaveTextContent('Delivered on Mon, 30 Nov');
    expect(screen.queryByTestId('expected-delivery')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('before shipping shows only the expected day; an old answer its courier', () => {
    const { unmount } = render(
      <ShipmentInfo
        order={{ status: 'Processing', shipment: null, expectedDelivery: '2026-12-01' }}
      />,
    );
    expect(screen.getByTestId('tracking')).toHaveTextContent('Arriving by Tue, 1 Dec');
    unmount();
    render(<ShipmentInfo order={{ status: 'Shipped', courier: 'DTDC', trackingNumber: 'D1' }} />);
    expect(screen.getByTestId('tracking')).toHaveTextContent(
      'Shipped with: DTDC, tracking number D1',
    );
  });

  it('shows nothing for an order not shipped without an expected day', () => {
    const { container } = render(<ShipmentInfo order={{ status: 'Cancelled', shipment: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
