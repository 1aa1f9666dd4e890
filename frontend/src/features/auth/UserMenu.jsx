// Side menu of the user dashboard (spec section 2): titled Dashboard, links to the
// profile, orders and wishlist screens; the current one is marked for sighted and screen-reader users.
import { NavLink } from 'react-router-dom';
import { paths } from '../../config/paths';

export default function UserMenu() {
  return (
    <nav aria-labelledby="user-menu-title" className="text-center">
      <h2 id="user-menu-title" className="h4">
        Dashboard
      </h2>
      <div className="list-group">
        <NavLink to={paths.userProfile} className="list-group-item list-group-item-action">
          Profile
        </NavLink>
        <NavLink to={paths.userOrders} className="list-group-item list-group-item-action">
          Orders
        </NavLink>
        <NavLink to={paths.userWishlist} className="list-group-item list-group-item-action">
          Wishlist
        </NavLink>
      </div>
    </nav>
  );
}
