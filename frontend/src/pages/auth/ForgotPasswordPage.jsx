// Forgot password. The main way is a reset link mailed to the account's address (it works
// once and expires); the spec's form (email, security answer, new password, RESET; spec
// sections 2, 4, 5, 8) is the fallback, one click away. Success of the fallback toasts the
// server's message and goes to /login.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { forgotPassword, requestResetLink } from '../../features/auth/api';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { useAccountSubmit } from '../../features/auth/useAccountSubmit';
import { useFormState } from '../../features/auth/useFormState';

const FIELDS = [
  { name: 'email', label: 'Email address', required: true, email: true },
  { name: 'answer', label: 'Favorite Sport Name', required: true },
  { name: 'newPassword', label: 'New Password', required: true },
];
const LINK_FIELDS = [{ name: 'email', label: 'Email address', required: true, email: true }];

function ResetLinkForm({ onUseAnswer }) {
  const form = useFormState(LINK_FIELDS);
  const { bind, focusFirst } = form;
  const [sent, setSent] = useState('');
  const { alert, busy, handleSubmit } = useAccountSubmit({
    fields: LINK_FIELDS,
    form,
    send: (values) => requestResetLink({ email: values.email.trim() }),
    onSuccess: (data) => {
      toast.success(data.message);
      setSent(data.message);
    },
  });

  useEffect(() => focusFirst(), [focusFirst]);

  return (
    <form onSubmit={handleSubmit} noValidate aria-labelledby="reset-link-heading">
      <h1 id="reset-link-heading" className="h4 text-center mb-2">
        RESET PASSWORD
      </h1>
      <p className="text-center text-muted mb-4">
        Enter the email address of your account and we will email you a link to set a new password.
      </p>
      <FormField
        label="Email address"
        type="email"
        autoComplete="username"
        required
        {...bind('email')}
      />
      <FormAlert message={alert} />
      <p role="status" className="text-success small">
        {sent}
      </p>
      <button type="submit" className="btn btn-primary w-100" disabled={busy}>
        Email Me a Reset Link
      </button>
      <button type="button" className="btn btn-link w-100 mt-3" onClick={onUseAnswer}>
        Use My Security Question Instead
      </button>
    </form>
  );
}

function SecurityAnswerForm({ onUseLink }) {
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
    <form onSubmit={handleSubmit} noValidate aria-labelledby="reset-answer-heading">
      <h1 id="reset-answer-heading" className="h4 text-center mb-4">
        RESET PASSWORD
      </h1>
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
      <button type="button" className="btn btn-link w-100 mt-3" onClick={onUseLink}>
        Email Me a Link Instead
      </button>
    </form>
  );
}

export default function ForgotPasswordPage() {
  usePageMeta({ title: 'Forgot Password - ShopSphere' });
  const [useAnswer, setUseAnswer] = useState(false);

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <div className="col-md-6 col-lg-5">
          {useAnswer ? (
            <SecurityAnswerForm onUseLink={() => setUseAnswer(false)} />
          ) : (
            <ResetLinkForm onUseAnswer={() => setUseAnswer(true)} />
          )}
        </div>
      </div>
    </div>
  );
}
