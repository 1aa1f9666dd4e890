// The footer of spec section 2 with decision F8: every link resolves. The seller's details
// come from shop-info (Consumer Protection (E-Commerce) Rules 2020: legal name, address,
// GSTIN, customer care and the grievance officer); grey lines stand in while they load,
// and without them the links still work.
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SHOP } from '../../components/shopInfo';
import { FacebookIcon, InstagramIcon, XIcon } from '../../components/Icons';
import { useShopInfo } from '../../features/shop/useShopInfo';
import {
  GrievanceOfficer,
  MailLink,
  PhoneLink,
  ShopSkeleton,
  shopAddress,
} from '../../features/shop/ShopParts';

const ICONS = { Facebook: FacebookIcon, Instagram: InstagramIcon, X: XIcon };

function Seller({ shop }) {
  return (
    <div className="row g-4 small">
      <div className="col-md-6">
        <h2 className="h6 text-uppercase">Sold by</h2>
        <address className="mb-0 footer-muted">
          <span className="d-block fw-semibold text-light">{shop.legalName}</span>
          <span className="d-block">{shopAddress(shop)}</span>
          {shop.gstin && <span className="d-block">GSTIN: {shop.gstin}</span>}
        </address>
      </div>
      {shop.grievanceOfficer?.name && (
        <div className="col-md-6">
          <h2 className="h6 text-uppercase">Grievance Officer</h2>
          <address className="mb-0 footer-muted">
            <GrievanceOfficer officer={shop.grievanceOfficer} linkClassName="footer-link" />
          </address>
        </div>
      )}
    </div>
  );
}

export default function Footer() {
  const year = new Date().getFullYear();
  const { shop, loading } = useShopInfo();
  return (
    <footer className="bg-dark text-light mt-5 pt-5 pb-3">
      <div className="container">
        <div className="row g-4">
          <div className="col-md-4">
            <h2 className="h5">ShopSphere</h2>
            <p className="footer-muted">{SHOP.tagline}</p>
            <ul className="list-inline mb-0">
              {SHOP.social.map(({ name, href }) => {
                const Icon = ICONS[name];
                return (
                  <li key={name} className="list-inline-item">
                    <a
                      className="footer-link fs-5"
                      href={href}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={`ShopSphere on ${name}`}
                    >
                      <Icon width={22} height={22} />
                    </a>
                  </li>
                );
              })}
            </ul>
          </div>
          <nav className="col-6 col-md-2" aria-label="Help">
            <h2 className="h6 text-uppercase">Help</h2>
            <ul className="list-unstyled">
              <li>
                <Link className="footer-link" to={paths.about}>
                  About
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.contact}>
                  Contact
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.policy}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.faq}>
                  FAQ
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.returns}>
                  Returns
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.terms}>
                  Terms of Use
                </Link>
              </li>
            </ul>
          </nav>
          <nav className="col-6 col-md-2" aria-label="Shop">
            <h2 className="h6 text-uppercase">Shop</h2>
            <ul className="list-unstyled">
              <li>
                <Link className="footer-link" to={paths.footerCategory('electronics')}>
                  Electronics
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.footerCategory('clothing')}>
                  Clothing
                </Link>
              </li>
              <li>
                <Link className="footer-link" to={paths.products}>
                  All Products
                </Link>
              </li>
            </ul>
          </nav>
          <div className="col-md-4">
            <h2 className="h6 text-uppercase">Contact us</h2>
            <address className="mb-0">
              {loading && <ShopSkeleton widths={[70, 50]} />}
              {shop?.email && (
                <p className="mb-1">
                  E-mail: <MailLink email={shop.email} className="footer-link" />
                </p>
              )}
              {shop?.phone && (
                <p className="mb-1">
                  Phone: <PhoneLink phone={shop.phone} className="footer-link" />
                </p>
              )}
              <p className="mb-0">
                <a
                  className="footer-link"
                  href={SHOP.site}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  Visit the ShopSphere website
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </p>
            </address>
          </div>
        </div>
        <hr className="border-secondary" />
        {shop && <Seller shop={shop} />}
        {loading && <ShopSkeleton widths={[40, 60, 30]} label={null} />}
        {(shop || loading) && <hr className="border-secondary" />}
        <p className="text-center small mb-0 footer-muted">
          &copy; {year} ShopSphere. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
