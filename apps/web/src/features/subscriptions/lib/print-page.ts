/** Opens the browser's print dialog. Behind an object so tests can replace it (jsdom cannot print). */
export const printPage = {
  print(): void {
    window.print();
  },
};
