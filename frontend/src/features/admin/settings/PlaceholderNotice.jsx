// The admin dashboard's reminder while the shop's details (legal name, GSTIN, address,
// customer care, grievance officer) still hold a fresh shop's placeholders: shoppers see
// them in the footer, on the contact page and on invoices. Nothing shows once they are
// the shop's own, while the call loads, or when it fails.
import { Link } from 'react-router-dom';
import { useApi } from '../../../lib/useApi';
import { getShopSettings } from './api';
import { SHOP_SETTINGS_PATH } from './paths';

export default function PlaceholderNotice() {
  const { data } = useApi(() => getShopSettings().then(({ data: body }) => body), []);
  if (!data?.placeholders?.length) return null;
  return (
    <div className="alert alert-warning" role="status" data-testid="placeholder-notice">
      Your shop details are still the placeholders: fill them in{' '}
      <Link to={SHOP_SETTINGS_PATH}>Shop settings</Link>.
    </div>
  );
}
