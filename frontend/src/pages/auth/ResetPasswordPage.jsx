// The page an emailed reset link opens (/reset-password/{uid}/{token}): a new password,
// set once. Success toasts the server's message and goes to /login; a used or expired link
// says so and offers a new one.
import { useEffect } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { confirmResetLink } from '../../features/auth/api';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { useAccountSubmit } from '../../features/auth/useAccountSubmit';
import { useFormState } from '../../features/auth/useFormState';

const FIELDS = [{ name: 'newPassword', label: 'New Password', required: true }];

export default function ResetPasswordPage() {
  usePageMeta({ title: 'Set a New Password - ShopSphere' });
  const { uid, token } = useParams();
  const navigate = useNavigate();
  const form = useFormState(FIELDS);
  const { bind, focusFirst } = form;
  const { alert, busy, handleSubmit } = useAccountSubmit({
    fields: FIELDS,
    form,
    send: (values) => confirmResetLink({ uid, token, newPassword: values.newPassword }),
    onSuccess: (data) => {
      toast.success(data.message);
      navigate(paths.login);
    },
  });

  useEffect(() => focusFirst(), [focusFirst]);

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <form className="col-md-6 col-lg-5" onSubmit={handleSubmit} noValidate>
          <h1 className="h4 text-center mb-4">SET A NEW PASSWORD</h1>
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            {...bind('newPassword')}
          />
          <FormAlert message={alert} />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            Set New Password
          </button>
          <p className="text-center mt-3">
            <Link to={paths.forgotPassword}>Ask for a new reset link</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
