// The user dashboard screens' frame, the same as the admin panel's (AdminShell): the
// Dashboard menu beside the page's own content, inside a `.container`. A full-width
// container with margins (container-fluid m-3) was wider than a phone and scrolled sideways.
import UserMenu from './UserMenu';

export default function UserShell({ children }) {
  return (
    <div className="container py-3 dashboard">
      <div className="row g-4">
        <div className="col-md-3">
          <UserMenu />
        </div>
        <div className="col-md-9">{children}</div>
      </div>
    </div>
  );
}
