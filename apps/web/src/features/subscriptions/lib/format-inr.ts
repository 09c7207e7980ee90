const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});

/** Whole rupees in the Indian grouping, e.g. 2000 → '₹2,000', 150000 → '₹1,50,000'. */
export function formatInr(amount: number): string {
  return rupees.format(amount);
}
