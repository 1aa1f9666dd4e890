// The dashboards' frame (user and admin): the dashboard's menu beside the screen's own
// content, inside a `.container`. A full-width container with margins (container-fluid
// m-3) was wider than a phone and scrolled sideways.
export default function DashboardShell({ menu, children }) {
  return (
    <div className="container py-3 dashboard">
      <div className="row g-4">
        <div className="col-md-3">{menu}</div>
        <div className="col-md-9">{children}</div>
      </div>
    </div>
  );
}
