// The layout of an admin screen of promotions (coupons, sales): the title, the form in a
// card under its heading (which takes the focus when Edit opens the form, or when it goes
// back to creating), the page's alert for the table's refusals, the table, and the
// confirmation asked before a delete. `admin` is usePromotionAdmin's; `form` and `table`
// are the screen's own, given that state.
import { useId } from 'react';
import ConfirmDialog from '../../components/ui/ConfirmDialog';
import AdminShell from './AdminShell';

export default function PromotionScreen({
  title,
  admin,
  formTitle,
  form,
  table,
  alertTestId,
  deleteTitle,
  deleteQuestion,
}) {
  const headingId = useId();
  return (
    <AdminShell>
      <h1 className="h2">{title}</h1>
      <section className="card shadow-sm my-3" aria-labelledby={headingId}>
        <div className="card-body">
          <h2 id={headingId} className="h5" tabIndex={-1} ref={admin.formHeading}>
            {formTitle}
          </h2>
          {form}
        </div>
      </section>
      <div
        role="alert"
        className={admin.problem ? 'alert alert-danger' : ''}
        data-testid={alertTestId}
      >
        {admin.problem}
      </div>
      {table}
      <ConfirmDialog
        open={Boolean(admin.deleting)}
        title={deleteTitle}
        question={admin.deleting ? deleteQuestion(admin.deleting) : ''}
        busy={admin.busyId !== null}
        onCancel={admin.cancelDelete}
        onConfirm={admin.confirmDelete}
      />
    </AdminShell>
  );
}
