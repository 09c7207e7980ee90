/**
 * docs/product-contract.md §4: the manage page reloads after a plan change. Behind an object so tests can replace it
 * (jsdom's window.location.reload can be neither spied on nor redefined).
 */
export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
