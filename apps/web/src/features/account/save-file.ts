/**
 * Hands a downloaded file to the browser as a download under `fileName`. The export needs the session's token, so
 * it cannot be a plain link: it is fetched, then offered from a blob URL, which is released once the browser took it.
 */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Some browsers read the blob after click() returns: release it a moment later.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }
}
