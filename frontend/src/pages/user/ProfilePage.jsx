// /dashboard/user/profile (spec sections 2, 4, 5, 8; decision F5): name, read-only email,
// password, phone, address. Success replaces the stored user with updatedUser (token kept
// unless the server issues a new one); a refusal shows the server's message. The form
// checks before sending: a blank name is refused (the API would silently keep the old
// one), the phone must be an Indian mobile, and a new password needs the current one.
// Below it, the address book (structured addresses with PIN codes, one the default).
import { useCallback, useEffect, useState } from 'react';
import toast from '../../lib/toast';
import { MESSAGES } from '../../constants/messages';
import { usePageMeta } from '../../lib/usePageMeta';
import { updateProfile } from '../../features/auth/api';
import { useAuth } from '../../features/auth/AuthContext';
import FormField from '../../features/auth/FormField';
import FormAlert from '../../features/auth/FormAlert';
import { ownFieldErrors, serverFieldErrors, validate } from '../../features/auth/formHelpers';
import { useFormState } from '../../features/auth/useFormState';
import UserShell from '../../features/auth/UserShell';
import AddressBook from '../../features/auth/AddressBook';
import { checkDelivery } from '../../features/shop/api';

const FIELDS = [
  { name: 'name', label: 'Name', required: true },
  { name: 'email', label: 'Email address' },
  { name: 'currentPassword', label: 'Current password', requiredWith: 'password' },
  { name: 'password', label: 'Password' },
  { name: 'phone', label: 'Phone', phone: true },
  { name: 'address', label: 'Address' },
];

function serverError(data) {
  const text = data?.error || data?.message;
  return typeof text === 'string' && text ? text : null;
}

export default function ProfilePage() {
  usePageMeta({ title: 'Your Profile - ShopSphere' });
  const { auth, setAuth } = useAuth();
  const user = auth.user || {};
  const { values, setValues, bind, showErrors, focusFirst } = useFormState(FIELDS, {
    name: user.name,
    email: user.email,
    phone: user.phone,
    address: user.address,
  });
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => focusFirst(), [focusFirst]);

  // The server keeps the profile's address equal to the default address: so does the
  // stored user, and the form's Address field.
  const defaultChanged = useCallback(
    (text) => {
      setAuth((current) => ({ ...current, user: { ...current.user, address: text } }));
      setValues((current) => ({ ...current, address: text }));
    },
    [setAuth, setValues],
  );

  const handleSubmit = async (event) => {
    event.preventDefault();
    setAlert('');
    const invalid = validate(values, FIELDS);
    showErrors(invalid);
    if (Object.keys(invalid).length) {
      setAlert(MESSAGES.formHasErrors);
      return;
    }
    setBusy(true);
    try {
      const body = {
        name: values.name,
        email: values.email,
        password: values.password,
        phone: values.phone,
        address: values.address,
      };
      // Sent only with a new password (the contract's profile row).
      if (values.password) body.currentPassword = values.currentPassword;
      const { data } = await updateProfile(body);
      if (data?.updatedUser && !data.error) {
        const updated = data.updatedUser;
        setAuth((current) => ({ ...current, user: updated, token: data.token || current.token }));
        setValues({
          name: updated.name ?? '',
          email: updated.email ?? '',
          currentPassword: '',
          password: '',
          phone: updated.phone ?? '',
          address: updated.address ?? '',
        });
        toast.success(MESSAGES.profileUpdated);
        return;
      }
      const message = serverError(data) || MESSAGES.somethingWentWrong;
      toast.error(message);
      setAlert(message);
    } catch (error) {
      const message = serverError(error?.response?.data);
      if (!message) console.error(error);
      showErrors(serverFieldErrors(error));
      // A refusal about a field (a weak password) is said once, beside the field.
      if (Object.keys(ownFieldErrors(error, FIELDS)).length) {
        setAlert(MESSAGES.formHasErrors);
        return;
      }
      toast.error(message || MESSAGES.somethingWentWrong);
      setAlert(message || MESSAGES.somethingWentWrong);
    } finally {
      setBusy(false);
    }
  };

  return (
    <UserShell>
      <form className="col-lg-8" onSubmit={handleSubmit} noValidate>
        <h1 className="h4 text-center mb-4">USER PROFILE</h1>
        <FormField label="Name" type="text" autoComplete="name" {...bind('name')} />
        <FormField
          label="Email address"
          type="email"
          readOnly
          aria-readonly="true"
          {...bind('email')}
        />
        <FormField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...bind('currentPassword')}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...bind('password')}
        />
        <FormField label="Phone" type="tel" autoComplete="tel" {...bind('phone')} />
        <FormField label="Address" type="text" autoComplete="street-address" {...bind('address')} />
        <FormAlert message={alert} />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          UPDATE
        </button>
      </form>
      <AddressBook onDefaultChange={defaultChanged} checkDelivery={checkDelivery} />
    </UserShell>
  );
}
