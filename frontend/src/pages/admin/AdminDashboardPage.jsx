import AdminShell from '../../features/admin/AdminShell';
import { useAuth } from '../../features/auth/AuthContext';
import { usePageMeta } from '../../lib/usePageMeta';

export default function AdminDashboardPage() {
  usePageMeta({ title: 'Dashboard - Admin' });
  const { user } = useAuth().auth;
  return (
    <AdminShell>
      <h1 className="visually-hidden">Admin Dashboard</h1>
      <div className="card w-75 p-3">
        <h2 className="h4">Admin Name : {user?.name}</h2>
        <h2 className="h4">Admin Email : {user?.email}</h2>
        <h2 className="h4">Admin Contact : {user?.phone}</h2>
      </div>
    </AdminShell>
  );
}
