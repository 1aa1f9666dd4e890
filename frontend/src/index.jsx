import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './styles/bootstrap.scss';
import './styles/app.css';
import App from './app/App';
import { captureInitialData } from './lib/initialData';
import { watchServerSearch } from './lib/typedSearch';

// The first render is a transition: React renders it in short slices and lets the browser
// paint and take input in between, instead of one long task on a slow phone (Total
// Blocking Time).
// What the server rendered, taken before React replaces it.
captureInitialData();
// What the shopper types into the server's search box meanwhile is carried over.
watchServerSearch();
const root = createRoot(document.getElementById('root'));
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
