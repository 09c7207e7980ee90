import { formatMoney } from '@candlewise/shared/subscription/format-money';
import { Alert, Button } from 'antd';
import { Link } from 'react-router';
import { useIsNarrowScreen } from '@/lib/use-media-query';
import { type Payment, usePayments } from '../api/get-payments';
import { formatIsoLongUsDate } from '../lib/payment-dates';
import { receiptPath } from '../lib/receipt-path';
import { serverMessage } from '../lib/server-message';
import './payment-history.css';

const STATUS_LABELS: Record<Payment['status'], string> = { paid: 'Paid' };

/**
 * The learner's payments on /manage-subscription, newest first, each with its receipt: a table on
 * wide screens, one card per payment on narrow ones.
 */
export function PaymentHistory() {
  const payments = usePayments();
  const isNarrow = useIsNarrowScreen();

  return (
    <section className="cw-payments" aria-labelledby="cw-payments-title">
      <h2 id="cw-payments-title" className="cw-payments__title">
        Payment history
      </h2>
      {payments.isPending ? (
        <p className="cw-payments__quiet" role="status">
          Loading payments...
        </p>
      ) : payments.isError ? (
        <Alert
          type="error"
          showIcon
          title="We could not load your payments."
          description={serverMessage(payments.error) ?? 'Check your connection and try again.'}
          action={
            <Button onClick={() => payments.refetch()} disabled={payments.isFetching}>
              Try again
            </Button>
          }
        />
      ) : payments.data.length === 0 ? (
        <div className="cw-payments__empty">
          <p className="cw-payments__empty-title">No payments yet.</p>
          <p className="cw-payments__quiet">
            When you pay for Pro, each payment and its receipt appear here.
          </p>
        </div>
      ) : isNarrow ? (
        <ul className="cw-payments__cards">
          {payments.data.map((payment) => (
            <li key={payment._id} className="cw-payments__card">
              <div className="cw-payments__card-top">
                <span className="cw-payments__amount">
                  {formatMoney(payment.amountMinor, payment.currency)}
                </span>
                <PaymentStatus status={payment.status} />
              </div>
              <p className="cw-payments__card-line">
                {`${payment.plan} · ${formatIsoLongUsDate(payment.paidAt)}`}
              </p>
              <ReceiptLink payment={payment} />
            </li>
          ))}
        </ul>
      ) : (
        <table className="cw-payments__table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Plan</th>
              <th scope="col" className="cw-payments__number">
                Amount
              </th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="cw-visually-hidden">Receipt</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {payments.data.map((payment) => (
              <tr key={payment._id}>
                <td>{formatIsoLongUsDate(payment.paidAt)}</td>
                <td>{payment.plan}</td>
                <td className="cw-payments__number">{formatMoney(payment.amountMinor, payment.currency)}</td>
                <td>
                  <PaymentStatus status={payment.status} />
                </td>
                <td className="cw-payments__action">
                  <ReceiptLink payment={payment} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PaymentStatus({ status }: { status: Payment['status'] }) {
  return (
    <span className={`cw-payments__status cw-payments__status--${status}`}>{STATUS_LABELS[status]}</span>
  );
}

function ReceiptLink({ payment }: { payment: Payment }) {
  return (
    <Link
      className="cw-payments__receipt-link"
      to={receiptPath(payment._id)}
      aria-label={`View receipt ${payment.receiptNumber}`}
    >
      View receipt
    </Link>
  );
}
