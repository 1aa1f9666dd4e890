// Terms of Use: the rules of buying from ShopSphere, linked from the login page and the
// footer (the spec's login page named them without a link).
import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { useShopInfo } from '../features/shop/useShopInfo';
import { CareEmail, shopAddress } from '../features/shop/ShopParts';

export default function TermsPage() {
  usePageMeta({ title: 'Terms of Use - ShopSphere' });
  const { shop, loading } = useShopInfo();
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }}>
      <h1 className="h2 mb-3">Terms of Use</h1>
      <p className="lead">
        These terms apply when you browse ShopSphere, create an account or buy from us.
      </p>
      {shop && (
        <p data-testid="seller">
          ShopSphere is run by {shop.legalName}, {shopAddress(shop)}
          {shop.gstin ? ` (GSTIN ${shop.gstin})` : ''}.
        </p>
      )}
      <h2 className="h5 mt-4">Your account</h2>
      <p>
        Keep your password to yourself and your details (name, phone, address) up to date: we
        deliver to the address on your order. You are responsible for what is done with your
        account; tell us at once if you think someone else has used it.
      </p>
      <h2 className="h5 mt-4">Prices and orders</h2>
      <p>
        Prices are in Indian rupees and include GST. A price or stock level may change until you
        place your order; an order is confirmed once we accept it, and we may cancel one we cannot
        fulfil (you pay nothing for it).
      </p>
      <h2 className="h5 mt-4">Delivery, returns and refunds</h2>
      <p>
        We deliver within India. Returns and refunds follow our{' '}
        <Link to={paths.returns}>returns policy</Link>.
      </p>
      <h2 className="h5 mt-4">Fair use</h2>
      <p>
        Do not misuse the site: no automated scraping, no attempts to break in, no orders you do not
        mean to accept.
      </p>
      <h2 className="h5 mt-4">Your data</h2>
      <p>
        How we use your details is set out in our <Link to={paths.policy}>privacy policy</Link>.
      </p>
      <h2 className="h5 mt-4">Questions</h2>
      <p>
        Write to <CareEmail shop={shop} loading={loading} /> or see the{' '}
        <Link to={paths.contact}>contact page</Link>.
      </p>
    </div>
  );
}
