import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';

export default function PaymentSuccessPage() {
  return (
    <>
      <PageHeader
        title="Payment"
        description="Checkout brings you back here while we confirm the payment with the provider and switch on Pro."
      />
      <Link to="/home">Continue to your dashboard</Link>
    </>
  );
}
