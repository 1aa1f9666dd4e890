// All Users (decision F10): name, email, phone, role and join date, 20 a page.
import { useState } from 'react';
import toast from '../../lib/toast';
import AdminShell from '../../features/admin/AdminShell';
import { listUsers } from '../../features/admin/api';
import { formatJoined, roleLabel } from '../../features/admin/format';
import { MESSAGES } from '../../constants/messages';
import { errorMessage } from '../../lib/apiClient';
import { usePageMeta } from '../../lib/usePageMeta';
import { usePagedList } from '../../lib/usePagedList';
import Pager from '../../components/ui/Pager';

export default function UsersPage() {
  usePageMeta({ title: 'Dashboard - All Users - ShopSphere' });
  const [page, setPage] = useState(1);
  const {
    rows: users,
    total,
    pages,
    loading,
  } = usePagedList((signal) => listUsers(page, { signal }), [page], {
    onError: (error) => toast.error(errorMessage(error) ?? MESSAGES.somethingWentWrong),
  });

  return (
    <AdminShell>
      <h1 className="h2 text-center">All Users</h1>
      <p className="text-center text-muted" aria-live="polite">
        {loading ? 'Loading ...' : MESSAGES.usersTotal(total)}
      </p>
      <div className="table-responsive">
        <table className="table table-striped align-middle">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Phone</th>
              <th scope="col">Role</th>
              <th scope="col">Joined</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <tr key={user._id}>
                <td>{user.name}</td>
                <td>{user.email}</td>
                <td>{user.phone}</td>
                <td>{roleLabel(user.role)}</td>
                <td>
                  <time dateTime={user.createdAt}>{formatJoined(user.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager label="Users pages" page={page} pages={pages} busy={loading} onPage={setPage} />
    </AdminShell>
  );
}
