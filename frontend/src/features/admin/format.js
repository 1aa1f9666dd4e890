// Display helpers of the admin screens.
const joined = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

// A user's join date as India writes it ("22 Nov 2026"), or an empty string when unknown.
export function formatJoined(iso) {
  const date = new Date(iso);
  return iso && !Number.isNaN(date.getTime()) ? joined.format(date) : '';
}

export const roleLabel = (role) => (Number(role) === 1 ? 'Admin' : 'User');
