import { Link } from 'react-router-dom';
import { usePageMeta } from '../lib/usePageMeta';
import { paths } from '../config/paths';
import { SHOP } from '../components/shopInfo';
// An illustration of the shop (spec section 2: About has an image). Bundled by webpack
// into /static/dist/, so it is served from our own origin, as the CSP's img-src requires.
import shopFront from '../assets/about-shop.svg';
import { useShopInfo } from '../features/shop/useShopInfo';
import { ShopSkeleton } from '../features/shop/ShopParts';
import { capitalise, deliveryPromise, paymentMethodsText } from '../features/shop/shopRules';

// What the shop promises, from its settings: only what it does.
function promises({ delivery, paymentMethods, invoices }) {
  return [
    invoices ? 'Genuine products with GST invoices' : 'Genuine products',
    deliveryPromise(delivery),
    '7-day easy returns on most items',
    paymentMethods.length ? `Pay by ${paymentMethodsText(paymentMethods)}` : null,
  ].filter(Boolean);
}

export default function AboutPage() {
  const info = useShopInfo();
  usePageMeta({
    title: 'About us - ShopSphere',
    description:
      'ShopSphere is an online shop for tech gadgets, electronics and clothing in India.',
  });
  return (
    <div className="container py-4">
      <div className="page-hero p-4 p-md-5 mb-4">
        <h1 className="display-6 fw-bold">About us</h1>
        <p className="lead mb-0">{SHOP.tagline}</p>
      </div>
      <div className="row g-4">
        <div className="col-md-7">
          <p>
            ShopSphere started in Bengaluru in 2021 with a simple idea: buying a phone, a pair of
            earphones or a new shirt online should be as easy and as trustworthy as buying it from
            the shop around the corner. Today ShopSphere ships across India, from metro cities to
            small towns, with prices in rupees and no hidden charges at checkout.
          </p>
          <p>
            Every product in our catalogue is sourced from the brand or its authorised distributors
            and carries the full manufacturer&apos;s warranty. Our team tests the gadgets we list,
            writes honest descriptions and keeps stock levels up to date, so what you see is what
            you get.
          </p>
          <p>
            {info.shop?.legalName && (
              <>
                ShopSphere is run by {info.shop.legalName}
                {info.shop.city ? `, ${info.shop.city}` : ''}.{' '}
              </>
            )}
            Questions before you buy? Our support team answers every day of the year. Read our{' '}
            <Link to={paths.faq}>frequently asked questions</Link>, our{' '}
            <Link to={paths.returns}>returns policy</Link> or{' '}
            <Link to={paths.contact}>get in touch</Link>.
          </p>
        </div>
        <div className="col-md-5">
          <img
            src={shopFront}
            alt="The ShopSphere shop front, with a laptop, a phone and a shirt in its window"
            width={480}
            height={320}
            className="w-100 h-auto rounded shadow-sm mb-4"
            decoding="async"
          />
          {info.loading ? (
            <ShopSkeleton widths={[80, 70, 75, 60]} />
          ) : (
            <ul className="list-group shadow-sm">
              {promises(info).map((text) => (
                <li key={text} className="list-group-item">
                  {capitalise(text)}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
