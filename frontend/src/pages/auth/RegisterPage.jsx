// Register (spec sections 2, 5, 8): six required fields, success to /login with the
// server's message; a refusal shows the server's message (and field errors by the fields).
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import toast from '../../lib/toast';
import { paths } from '../../config/paths';
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import { register } from '../../features/auth/api';
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
