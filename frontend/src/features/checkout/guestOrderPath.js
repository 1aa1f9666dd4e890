// A guest's order page: the token rides in the fragment, which no server sees (the page
// sends it to the API in a header).
export const guestOrderPath = (id, token) =>
  `/order/${encodeURIComponent(id)}#token=${encodeURIComponent(token)}`;
