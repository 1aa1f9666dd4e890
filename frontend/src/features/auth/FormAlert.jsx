// Announces that a form has problems (the fields carry the details) to screen readers and
// shows it above the submit button. Empty when there is nothing to say.
export default function FormAlert({ message }) {
  return (
    <div role="alert" aria-live="assertive" className="text-danger small mb-2">
      {message}
    </div>
  );
}
