import { usePageMeta } from '../lib/usePageMeta';
import { SHOP } from '../components/shopInfo';

export default function ContactPage() {
  usePageMeta({ title: 'Contact us - ShopSphere' });
  return (
    <div className="container py-4">
      <div className="row g-4 align-items-center">
        <div className="col-md-6">
          <div className="page-hero p-4 p-md-5">
            <h1 className="display-6 fw-bold">CONTACT US</h1>
            <p className="lead mb-0">
              Any query or information about a product? Call or write to us any time: our support
              team is available 24/7.
            </p>
          </div>
        </div>
        <div className="col-md-6">
          <address className="fs-5 mb-0">
            <p>
              <strong>E-mail:</strong> <a href={`mailto:${SHOP.email}`}>{SHOP.email}</a>
            </p>
            <p>
              <strong>Phone:</strong>{' '}
              <a href={`tel:${SHOP.phone.replace(/\s/g, '')}`}>{SHOP.phone}</a>
            </p>
            <p>
              <strong>Toll-free:</strong>{' '}
              <a href={`tel:${SHOP.tollFree.replace(/\s/g, '')}`}>{SHOP.tollFree}</a>
            </p>
            <p className="mb-0">
              <strong>Office:</strong> {SHOP.address}
            </p>
          </address>
        </div>
      </div>
    </div>
  );
}
