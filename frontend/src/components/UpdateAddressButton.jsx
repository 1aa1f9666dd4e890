// "Update Address" (spec sections 2 and 4): on the user dashboard and in the cart, it
// opens the profile form, where the address is edited.
import { useNavigate } from 'react-router-dom';
import { paths } from '../config/paths';

export default function UpdateAddressButton({ className = 'btn btn-warning' }) {
  const navigate = useNavigate();
  return (
    <button type="button" className={className} onClick={() => navigate(paths.userProfile)}>
      Update Address
    </button>
  );
}
