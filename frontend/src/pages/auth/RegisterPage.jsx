// Register (spec sections 2, 5, 8): six required fields, success to /login with the
// server's message; a refusal shows the server's message (and field errors by the fields).
// Sent here with somewhere to go back to (the cart, or login that the cart or a guard sent
// to, as `location.state.from`), the new shopper is signed in with the same e-mail and
// password (register answers no token) and returns there, the cart as it was; if that
// sign-in fails they go to /login, which still knows where to return.
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import { login, register } from '../../features/auth/api';
import { useAuth } from '../../features/auth/AuthContext';
import { returnPath } from '../../features/auth/returnPath';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { useAccountSubmit } from '../../features/auth/useAccountSubmit';
import { useFormState } from '../../features/auth/useFormState';

const FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email address', required: true, email: true },
  { name: 'password', label: 'Password', required: true },
  { name: 'phone', label: 'Phone', required: true, phone: true },
  { name: 'address', label: 'Address', required: true },
  { name: 'answer', label: 'Favorite Sports', required: true },
];

export default function RegisterPage() {
  usePageMeta({ title: 'Register - ShopSphere' });
  const navigate = useNavigate();
  const location = useLocation();
  const { setAuth } = useAuth();
  const back = returnPath(location.state);
  const returning = back !== paths.home;
  const form = useFormState(FIELDS);
  const { bind, focusFirst } = form;
  const { alert, busy, handleSubmit } = useAccountSubmit({
    fields: FIELDS,
    form,
    send: (values) =>
      register({
        name: values.name,
        email: values.email.trim(),
        password: values.password,
        phone: values.phone,
        address: values.address,
        answer: values.answer,
      }),
    onSuccess: async (data, values) => {
      toast.success(data.message);
      if (returning && (await signIn(values))) {
        navigate(back, { replace: true });
        return;
      }
      navigate(paths.login, returning ? { state: { from: back } } : undefined);
    },
  });

  async function signIn(values) {
    try {
      const { data } = await login({ email: values.email.trim(), password: values.password });
      if (!data?.token) return false;
      setAuth({ user: data.user, token: data.token });
      return true;
    } catch {
      return false;
    }
  }

  useEffect(() => focusFirst(), [focusFirst]);

  return (
    <div className="container py-4">
      <div className="row justify-content-center">
        <form className="col-md-6 col-lg-5" onSubmit={handleSubmit} noValidate>
          <h1 className="h4 text-center mb-4">REGISTER FORM</h1>
          <FormField label="Name" type="text" autoComplete="name" required {...bind('name')} />
          <FormField
            label="Email address"
            type="email"
            autoComplete="email"
            required
            {...bind('email')}
          />
          <FormField
            label="Password"
            type="password"
            autoComplete="new-password"
            required
            {...bind('password')}
          />
          <FormField label="Phone" type="tel" autoComplete="tel" required {...bind('phone')} />
          <FormField
            label="Address"
            type="text"
            autoComplete="street-address"
            required
            {...bind('address')}
          />
          <FormField
            label="Favorite Sports"
            type="text"
            required
            hint={MESSAGES.answerHint}
            {...bind('answer')}
          />
          <FormAlert message={alert} />
          <button type="submit" className="btn btn-primary w-100" disabled={busy}>
            REGISTER
          </button>
        </form>
      </div>
    </div>
  );
}
