/** Hands a file made or fetched in the browser to the user as a download. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by then; the object URL is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
