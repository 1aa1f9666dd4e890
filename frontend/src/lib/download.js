// Saves a file the API sent (a PDF fetched with the token, as a blob) under a name: the
// one the server gives in Content-Disposition, else `fallback`. A plain link would not
// carry the token, so the app asks with the API client and hands the browser the blob.
export function filenameFrom(headers, fallback) {
  const disposition = headers?.['content-disposition'] ?? '';
  const star = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoded name: fall through to the plain one.
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

export function saveBlob(blob, filename) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The click has handed the file to the browser; the URL can go after this task.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
