import { usePageMeta } from '../lib/usePageMeta';
import { useShopInfo } from '../features/shop/useShopInfo';
import { CareEmail } from '../features/shop/ShopParts';

export default function PolicyPage() {
  usePageMeta({ title: 'Privacy Policy - ShopSphere' });
  const { shop, loading } = useShopInfo();
  return (
    <div className="container py-4" style={{ maxWidth: '52rem' }}>
      <h1 className="h2 mb-3">Privacy Policy</h1>
      <p className="text-body-secondary">
        This policy explains what we collect when you shop at ShopSphere and how we use it. It
        follows India&apos;s Digital Personal Data Protection Act, 2023.
      </p>
      <h2 className="h5 mt-4">What we collect</h2>
      <ul>
        <li>Your name, e-mail address, phone number and delivery address when you register.</li>
        <li>The answer to your security question, stored only in hashed form.</li>
        <li>Your orders and the items you keep in your cart on this device.</li>
      </ul>
      <h2 className="h5 mt-4">How we use it</h2>
      <p>
        To deliver your orders, to let you sign in and recover your account, and to answer your
        questions. We never sell your data and we do not share it with advertisers. Courier partners
        receive only the name, phone and address needed for delivery.
      </p>
      <h2 className="h5 mt-4">Your cart and cookies</h2>
      <p>
        Your cart and your sign-in are kept in your browser&apos;s local storage so they survive a
        reload. Signing out removes your sign-in; you may clear the cart at any time.
      </p>
      <h2 className="h5 mt-4">Your rights</h2>
      <p>
        You may see, correct or delete your personal data. Update your profile from your dashboard,
        or write to <CareEmail shop={shop} loading={loading} /> and we will answer within 7 working
        days.
      </p>
    </div>
  );
}
