/** Hands a downloaded file (dataProvider.getFile's blob) to the browser as `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: the browser may still be reading the object URL when click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
