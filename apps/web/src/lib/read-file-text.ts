/**
 * A chosen file's text (UTF-8). FileReader rather than `file.text()`: older Safari and the test
 * DOM (jsdom) have no Blob.text().
 */
export function readFileText(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}
