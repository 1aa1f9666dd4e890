// The admin screens' frame: the Admin Panel menu beside the page's own content.
import AdminMenu from './AdminMenu';

export default function AdminShell({ children }) {
  return (
    <div className="container py-3 dashboard">
      <div className="row g-4">
        <div className="col-md-3">
          <AdminMenu />
        </div>
        <div className="col-md-9">{children}</div>
      </div>
    </div>
  );
}
