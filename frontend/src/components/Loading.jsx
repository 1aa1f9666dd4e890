export default function Loading({ label = 'Loading ...' }) {
  return (
    <p className="text-center text-body-secondary py-4" role="status">
      {label}
    </p>
  );
}
