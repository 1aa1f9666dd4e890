// The user dashboard screens' frame: the Dashboard menu beside the screen's content.
import DashboardShell from '../../components/DashboardShell';
import UserMenu from './UserMenu';

export default function UserShell({ children }) {
  return <DashboardShell menu={<UserMenu />}>{children}</DashboardShell>;
}
