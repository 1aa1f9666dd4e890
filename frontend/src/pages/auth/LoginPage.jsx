// Login (spec sections 2, 4, 8): no required markers; success stores {user, token}, toasts
// the server's message and returns to where the visitor came from (location.state), else /
// (an admin: the dashboard).
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { usePageMeta } from '../../lib/usePageMeta';
import { login } from '../../features/auth/api';
import { isAdmin, useAuth } from '../../features/auth/AuthContext';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { returnPath, signInReason } from '../../features/auth/returnPath';
import { useAccountSubmit } from '../../features/auth/useAccountSubmit';
import { useFormState } from '../../features/auth/useFormState';

const FIELDS = [
  { name: 'email', label: 'Email address' },
  { name: 'password', label: 'Password' },
];

export default function LoginPage() {
  usePageMeta({ title: 'Login - ShopSphere' });
  const navigate = useNavigate();
  const location = useLocation();
  const { setAuth } = useAuth();
  const form = useFormState(FIELDS);
  const reason = signInReason(
    typeof location.state === 'string' ? location.state : location.state?.from,
  );
  const { bind, focusFirst } = form;
  const { alert, busy, handleSubmit } = useAccountSubmit({
    fields: FIELDS,
    form,
    send: (values) => login({ email: values.email.trim(), password: values.password }),
    onSuccess: (data) => {
      setAuth({ user: data.user, token: data.token });
      toast.success(data.message);
      // An admin who was not sent here from a page of their own goes to the dashboard.
      const back = returnPath(location.state);
      navigate(back === paths.home && isAdmin(data.user) ? paths.adminDashboard : back, {
        replace: true,
      });
    },
  });

  useEffect(() => focusFirst(), [focusFirst]);

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <form className="col-md-6 col-lg-5" onSubmit={handleSubmit} noValidate>
          <h1 className="h4 text-center mb-4">LOGIN FORM</h1>
          {reason ? <p className="alert alert-info text-center">{reason}</p> : null}
          <FormField
            label="Email address"
            type="email"
            autoComplete="username"
            {...bind('email')}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="current-password"
            {...bind('password')}
          />
          <FormAlert message={alert} />
          <div className="d-flex flex-column gap-2">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              Login
            </button>
            <button
              type="button"
              className="btn btn-outline-secondary"
              onClick={() => navigate(paths.forgotPassword)}
            >
              Forgot Password
            </button>
          </div>
          <p className="mt-3 mb-1">
            New here? {/* Registering from here returns to the same place, signed in. */}
            <Link to={paths.register} state={location.state}>
              Register here
            </Link>
          </p>
          <p className="small text-muted mb-0">
            By logging in you agree to our <Link to={paths.terms}>Terms of use</Link> and{' '}
            <Link to={paths.policy}>Privacy policy</Link>.
          </p>
        </form>
      </div>
    </div>
  );
}
