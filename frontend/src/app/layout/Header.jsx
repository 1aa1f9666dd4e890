// The navigation bar of spec section 2: Home, Categories (all and each), the cart with its
// badge, Register/Login or the user's dropdown, and the search box. It is fixed to the top
// after 100 px of scroll and collapses behind a toggle on small screens (React state, no
// Bootstrap JS).
import { useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { isAdmin, useAuth } from '../../features/auth/AuthContext';
import { useCart } from '../../features/cart/CartContext';
import { useCategories } from '../../features/catalog/useCategories';
import SearchBox from '../../features/search/SearchBox';
import NavDropdown from '../../components/NavDropdown';
import { CartIcon } from '../../components/Icons';
import { useScrolledPast } from './useScrolledPast';

export const FIXED_AFTER_PX = 100;

// `navRef` (optional) is given the bar element.
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

  // While the bar is fixed, a spacer of its height keeps the page from jumping up. The
  // height is measured before the bar fixes itself too, so the spacer has it in the very
  // render that fixes the bar: measured only once fixed, the spacer first had no height,
  // the page was a bar shorter for one layout, and Chrome's scroll anchoring then scrolled
  // the page by the bar's height the first time it fixed (a click about to land missed).
  useLayoutEffect(() => {
    if (barRef.current) setBarHeight(barRef.current.offsetHeight);
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
          {/* Phones: the cart with its count and the search box stay in the bar;
              only the links fold behind the menu button. Wide screens keep one row:
              brand, search, links, cart. */}
          <div className="d-flex align-items-center order-lg-3">
            <div className="navbar-nav flex-row">
              <NavLink
                className="nav-link d-inline-flex align-items-center gap-1 px-2"
                to={paths.cart}
                aria-label={`Cart, ${count} ${count === 1 ? 'item' : 'items'}`}
              >
                <CartIcon />
                <span aria-hidden="true">Cart</span>
                <span className="badge rounded-pill bg-danger" aria-hidden="true">
                  {count}
                </span>
              </NavLink>
            </div>
            <button
              className="navbar-toggler ms-1"
              type="button"
              aria-controls="main-navbar"
              aria-expanded={expanded}
              aria-label="Toggle navigation"
              onClick={() => setExpanded((value) => !value)}
            >
              <span className="navbar-toggler-icon" />
            </button>
          </div>
          {/* The search slot: any search component fits here. */}
          <div
            className="navbar-search order-1 ms-lg-auto me-lg-3"
            onSubmit={() => setExpanded(false)}
          >
            <SearchBox />
          </div>
          <div
            className={`collapse navbar-collapse flex-lg-grow-0 order-2${expanded ? ' show' : ''}`}
            id="main-navbar"
            onClick={closeOnLink}
          >
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
            </ul>
          </div>
        </div>
      </nav>
    </header>
  );
}
