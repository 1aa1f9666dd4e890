// The admin screens' frame: the Admin Panel menu beside the screen's content.
import DashboardShell from '../../components/DashboardShell';
import AdminMenu from './AdminMenu';

export default function AdminShell({ children }) {
  return <DashboardShell menu={<AdminMenu />}>{children}</DashboardShell>;
}
