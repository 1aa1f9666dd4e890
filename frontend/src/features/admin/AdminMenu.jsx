// Side menu of every admin screen (spec section 2): titled Admin Panel, its links.
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { SHOP_SETTINGS_PATH } from './settings/paths';

const LINKS = [
  { to: paths.adminCreateCategory, label: 'Create Category' },
  { to: paths.adminCreateProduct, label: 'Create Product' },
  { to: paths.adminProducts, label: 'Products' },
  { to: paths.adminUsers, label: 'Users' },
  { to: paths.adminOrders, label: 'Orders' },
  { to: paths.adminCoupons, label: 'Coupons' },
  { to: paths.adminSales, label: 'Sales' },
  { to: paths.adminReturns, label: 'Returns' },
  { to: paths.adminReviews, label: 'Reviews' },
  { to: paths.adminGstReturns, label: 'GST returns' },
  { to: SHOP_SETTINGS_PATH, label: 'Shop settings' },
];

export default function AdminMenu() {
  return (
    <nav className="text-center" aria-labelledby="admin-menu-title">
      <div className="list-group dashboard-menu">
        <h2 className="h4 my-2" id="admin-menu-title">
          Admin Panel
        </h2>
        {LINKS.map(({ to, label }) => (
          <NavLink key={to} to={to} className="list-group-item list-group-item-action">
            {label}
          </NavLink>
        ))}
      </div>
    </nav>
  );
}
