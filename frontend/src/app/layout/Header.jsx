// The navigation bar of spec section 2: Home, Categories (all and each), the cart with its
// badge, Register/Login or the user's dropdown, and the search box. It is fixed to the top
// after 100 px of scroll and collapses behind a toggle on small screens (React state, no
// Bootstrap JS).
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import toast from 'react-hot-toast';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { isAdmin, useAuth } from '../../features/auth/AuthContext';
import { useCart } from '../../features/cart/CartContext';
import { useCategories } from '../../features/catalog/useCategories';
import SearchForm from '../../features/search/SearchForm';
import NavDropdown from '../../components/NavDropdown';
import { CartIcon } from '../../components/Icons';
import { useScrolledPast } from './useScrolledPast';

export const FIXED_AFTER_PX = 100;

// `navRef` (optional) is given the bar, so the layout can keep toasts below it.
export default function Header({ navRef }) {
  const { auth, logout } = useAuth();
  const { cart } = useCart();
  const { categories } = useCategories();
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState(false);
  const fixed = useScrolledPast(FIXED_AFTER_PX);
  const ownRef = useRef(null);
  const barRef = navRef ?? ownRef;
  const [barHeight, setBarHeight] = useState(0);

  // While the bar is fixed, a spacer of its height keeps the page from jumping up.
  useLayoutEffect(() => {
    if (fixed && barRef.current) setBarHeight(barRef.current.offsetHeight);
  }, [fixed, expanded, barRef]);

  const onLogout = () => {
    logout();
    toast.success(MESSAGES.logout);
    navigate(paths.login);
  };

  const closeOnLink = (event) => {
    if (event.target.closest('a')) setExpanded(false);
  };

  const user = auth.token ? auth.user : null;
  const count = cart.length;

  return (
    <header>
      {fixed && <div style={{ height: barHeight }} aria-hidden="true" />}
      <nav
        ref={barRef}
        className={`navbar navbar-expand-lg bg-body-tertiary border-bottom shadow-sm${fixed ? ' fixed-top' : ''}`}
        aria-label="Main"
      >
        <div className="container-fluid">
          <Link className="navbar-brand fw-bold" to={paths.home}>
            <CartIcon className="me-1 text-primary" /> ShopSphere
          </Link>
          <button
            className="navbar-toggler"
            type="button"
            aria-controls="main-navbar"
            aria-expanded={expanded}
            aria-label="Toggle navigation"
            onClick={() => setExpanded((value) => !value)}
          >
            <span className="navbar-toggler-icon" />
          </button>
          <div
            className={`collapse navbar-collapse${expanded ? ' show' : ''}`}
            id="main-navbar"
            onClick={closeOnLink}
            onSubmit={() => setExpanded(false)}
          >
            <div className="ms-lg-auto me-lg-3">
              <SearchForm />
            </div>
            <ul className="navbar-nav mb-2 mb-lg-0 align-items-lg-center">
              <li className="nav-item">
                <NavLink className="nav-link" to={paths.home} end>
                  Home
                </NavLink>
              </li>
              <NavDropdown label="Categories">
                <li>
                  <Link className="dropdown-item" to={paths.categories}>
                    All Categories
                  </Link>
                </li>
                {categories.map((category) => (
                  <li key={category._id}>
                    <Link className="dropdown-item" to={paths.category(category.slug)}>
                      {category.name}
                    </Link>
                  </li>
                ))}
              </NavDropdown>
              {user ? (
                <NavDropdown label={user.name} align="end">
                  <li>
                    <Link
                      className="dropdown-item"
                      to={isAdmin(user) ? paths.adminDashboard : paths.userDashboard}
                    >
                      Dashboard
                    </Link>
                  </li>
                  <li>
                    <button type="button" className="dropdown-item" onClick={onLogout}>
                      Logout
                    </button>
                  </li>
                </NavDropdown>
              ) : (
                <>
                  <li className="nav-item">
                    <NavLink className="nav-link" to={paths.register}>
                      Register
                    </NavLink>
                  </li>
                  <li className="nav-item">
                    <NavLink className="nav-link" to={paths.login}>
                      Login
                    </NavLink>
                  </li>
                </>
              )}
              <li className="nav-item">
                <NavLink
                  className="nav-link d-inline-flex align-items-center gap-1"
                  to={paths.cart}
                  aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
                >
                  <CartIcon />
                  <span aria-hidden="true">Cart</span>
                  <span className="badge rounded-pill bg-danger" aria-hidden="true">
                    {count}
                  </span>
                </NavLink>
              </li>
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
