// Forgot password (spec sections 2, 4, 5, 8): email, security answer and new password are
// required; success toasts the server's message and goes to /login.
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { forgotPassword } from '../../features/auth/api';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { useAccountSubmit } from '../../features/auth/useAccountSubmit';
import { useFormState } from '../../features/auth/useFormState';

const FIELDS = [
  { name: 'email', label: 'Email address', required: true, email: true },
  { name: 'answer', label: 'Favorite Sport Name', required: true },
  { name: 'newPassword', label: 'New Password', required: true },
];

export default function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot Password - ShopSphere' });
  const navigate = useNavigate();
  const form = useFormState(FIELDS);
  const { bind, focusFirst } = form;
  const { alert, busy, handleSubmit } = useAccountSubmit({
    fields: FIELDS,
    form,
    send: (values) =>
      forgotPassword({
        email: values.email.trim(),
        answer: values.answer,
        newPassword: values.newPassword,
      }),
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
          <h1 className="h4 text-center mb-4">RESET PASSWORD</h1>
          <FormField
            label="Email address"
            type="email"
            autoComplete="username"
            required
            {...bind('email')}
          />
          <FormField label="Favorite Sport Name" type="text" required {...bind('answer')} />
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            required
            {...bind('newPassword')}
          />
          <FormAlert message={alert} />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            RESET
          </button>
        </form>
      </div>
    </div>
  );
}
