// Contact (spec section 2: title, the 24/7 blurb, an e-mail, a phone and a toll-free
// number), with the details from shop-info: customer care, the registered office and the
// grievance officer with designation (Consumer Protection (E-Commerce) Rules 2020). The
// toll-free line shows when the shop has one (`shop.tollFree`).
import { usePageMeta } from '../lib/usePageMeta';
import { useShopInfo } from '../features/shop/useShopInfo';
import {
  GrievanceOfficer,
  MailLink,
  PhoneLink,
  ShopSkeleton,
  shopAddress,
} from '../features/shop/ShopParts';

export default function ContactPage() {
  usePageMeta({ title: 'Contact us - ShopSphere' });
  const { shop, loading, failed } = useShopInfo();
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
          {loading && <ShopSkeleton widths={[70, 55, 55, 90]} />}
          {failed && (
            <p className="text-body-secondary">
              Our contact details could not be loaded just now. Please reload the page.
            </p>
          )}
          {shop && (
            <address className="fs-5 mb-0">
              <p>
                <strong>E-mail:</strong> <MailLink email={shop.email} />
              </p>
              <p>
                <strong>Phone:</strong> <PhoneLink phone={shop.phone} />
              </p>
              {shop.tollFree && (
                <p>
                  <strong>Toll-free:</strong> <PhoneLink phone={shop.tollFree} />
                </p>
              )}
              <p className="mb-0">
                <strong>Office:</strong> {shop.legalName}, {shopAddress(shop)}
              </p>
            </address>
          )}
        </div>
      </div>
      {shop?.grievanceOfficer?.name && (
        <section className="mt-5" aria-labelledby="grievance-heading">
          <h2 id="grievance-heading" className="h4">
            Grievance Officer
          </h2>
          <p>
            Not happy with how we handled a complaint? Write to our grievance officer, who
            acknowledges every complaint within 48 hours and resolves it within one month.
          </p>
          <address className="mb-0">
            <GrievanceOfficer officer={shop.grievanceOfficer} />
          </address>
        </section>
      )}
    </div>
  );
}
