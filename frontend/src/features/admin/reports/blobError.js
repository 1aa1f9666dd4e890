// The server's message in a failed blob call: an answer asked for as a blob (a file to
// save) arrives as one even when it is the usual JSON error, so it is read back here.
import { errorMessage } from '../../../lib/apiClient';

export async function blobErrorMessage(error) {
  const body = error?.response?.data;
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    try {
      const message = JSON.parse(await body.text())?.message;
      return typeof message === 'string' && message ? message : null;
    } catch {
      return null;
    }
  }
  return errorMessage(error);
}
