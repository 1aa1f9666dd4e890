// What the server rendered the page with. Django embeds the data as
// <script id="initial-data" type="application/json"> (json_script) on product and category
// pages, and writes their content into the main area. Both are taken when the app starts,
// before React replaces the server's markup:
// - the page component reads the data where it mounts (so it works the same whether its
//   code is in the first bundle or a lazily loaded chunk): its first render shows what the
//   HTML already shows, without a loading state or a second fetch;
// - while a lazily loaded screen's code arrives, the layout shows the server's markup of
//   the main area instead of a loading line, so nothing flashes or moves.
// Both belong to the address the page was loaded at: once the shopper moves to another
// address they are spent, and coming back fetches fresh data.

let first = null;

function capture() {
  let data = null;
  const element = document.getElementById('initial-data');
  if (element) {
    try {
      data = JSON.parse(element.textContent);
    } catch (error) {
      console.error('initial data could not be read', error);
    }
  }
  const main = document.querySelector('#root main');
  return { data, html: main ? main.innerHTML.trim() : '', path: window.location.pathname };
}

function current() {
  if (!first) first = capture();
  if (first.path !== null && window.location.pathname !== first.path) {
    first = { data: null, html: '', path: null }; // left the first address: spent
  }
  return first;
}

// The embedded data when it is for this route and slug and the browser is still at the
// address the page was loaded at; otherwise null (fetch as usual).
export function readInitialData(route, slug) {
  const { data } = current();
  return data && data.route === route && data.slug === slug ? data : null;
}

// One of the answers home's page carries (`productList`, `productCount`, `categories`,
// `optionFacets` for no filter, `shopInfo`: each the body its call answers) while the
// browser is still at the address it was loaded at; otherwise null (fetch as usual). So a
// first visit to `/` renders without an API call, and the HTTP client is not loaded.
export function readHomeAnswer(name) {
  const data = readInitialData('home');
  return data?.[name] ?? null;
}

// The router calls it after every move: the data is spent as soon as the browser is at
// another address, even when no screen there read it, so coming back fetches.
export function noteAddress() {
  current();
}

// The server's markup of the main area ('' when it had none or it is spent).
export function readServerMain() {
  return current().html;
}

// Take the page as it is now (the app calls it before its first render; tests call it
// after setting up a page).
export function captureInitialData() {
  first = typeof document === 'undefined' ? { data: null, html: '', path: null } : capture();
}
