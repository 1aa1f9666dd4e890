// The guards' countdown (spec section 2, route guards; 3 seconds, section 9): shows
// 'Redirecting you in N seconds' (the spec's words, grammar fixed), then navigates to `to` with `state`.
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../constants/messages';

export const REDIRECT_SECONDS = 3;

// `reason` says why the visitor is sent away ("Please sign in to see your orders").
export default function RedirectCountdown({ to, state, reason, seconds = REDIRECT_SECONDS }) {
  const [count, setCount] = useState(seconds);
  const navigate = useNavigate();

  useEffect(() => {
    const timer = setInterval(() => setCount((current) => Math.max(current - 1, 0)), 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    if (count === 0) navigate(to, { state, replace: true });
  }, [count, navigate, to, state]);

  return (
    <div
      className="container d-flex flex-column justify-content-center align-items-center py-5"
      style={{ minHeight: '60vh' }}
    >
      {reason ? <h1 className="h3 text-center mb-3">{reason}</h1> : null}
      <p className="h2 text-center" role="status" aria-live="polite" aria-atomic="true">
        {MESSAGES.redirecting(count)}
      </p>
      <div className="spinner-border mt-3" aria-hidden="true" />
    </div>
  );
}
