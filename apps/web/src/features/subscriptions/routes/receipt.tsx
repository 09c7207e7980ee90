import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { formatMoney } from '@candlewise/shared/subscription/format-money';
import { Alert, Button } from 'antd';
import { Link, useParams } from 'react-router';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { type PaymentReceipt, usePaymentReceipt } from '../api/get-payment-receipt';
import { formatIsoLongUsDate, formatPaymentPeriod } from '../lib/payment-dates';
import { printPage } from '../lib/print-page';
import { serverMessage } from '../lib/server-message';
import './receipt.css';

const currencyNames = new Intl.DisplayNames(['en'], { type: 'currency' });

/**
 * /manage-subscription/receipts/:paymentId: one payment's receipt, printable. Printing leaves the
 * frame out (receipt.css) and prints the receipt alone, in black on white in dark mode too.
 */
export default function ReceiptPage() {
  const { paymentId = '' } = useParams();
  const receipt = usePaymentReceipt(paymentId);
  usePageTitle(receipt.data ? `Receipt ${receipt.data.receiptNumber}` : 'Receipt');

  return (
    <div className="cw-receipt-page">
      <div className="cw-receipt-page__toolbar">
        <Link className="cw-receipt-page__back" to="/manage-subscription">
          <ArrowLeftOutlined aria-hidden="true" /> Manage Subscription
        </Link>
        {receipt.data ? (
          <Button
            type="primary"
            icon={<PrinterOutlined aria-hidden="true" />}
            onClick={() => printPage.print()}
          >
            Print
          </Button>
        ) : null}
      </div>
      {receipt.isPending ? (
        <p className="cw-receipt-page__quiet" role="status">
          Loading receipt...
        </p>
      ) : receipt.isError ? (
        <ReceiptError error={receipt.error} onRetry={() => receipt.refetch()} retrying={receipt.isFetching} />
      ) : (
        <Receipt receipt={receipt.data} />
      )}
    </div>
  );
}

function ReceiptError({
  error,
  onRetry,
  retrying,
}: {
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
}) {
  if (error instanceof ApiError && error.status === 404) {
    return (
      <Alert
        type="warning"
        showIcon
        title="We could not find that receipt."
        description={serverMessage(error) ?? 'Open your receipts from the Manage Subscription page.'}
      />
    );
  }
  return (
    <Alert
      type="error"
      showIcon
      title="We could not load this receipt."
      description={serverMessage(error) ?? 'Check your connection and try again.'}
      action={
        <Button onClick={onRetry} disabled={retrying}>
          Try again
        </Button>
      }
    />
  );
}

function Receipt({ receipt }: { receipt: PaymentReceipt }) {
  const amount = formatMoney(receipt.amountMinor, receipt.currency);
  const period = formatPaymentPeriod(receipt.periodStart, receipt.periodEnd);
  const currency = `${receipt.currency} (${currencyNames.of(receipt.currency) ?? receipt.currency})`;

  return (
    <article className="cw-receipt" aria-labelledby="cw-receipt-title">
      <header className="cw-receipt__header">
        <p className="cw-receipt__issuer">
          {receipt.issuer.name}
          <span className="cw-receipt__issuer-suffix">.app</span>
        </p>
        <div className="cw-receipt__heading">
          <h1 id="cw-receipt-title" className="cw-receipt__title">
            Receipt
          </h1>
          <p className="cw-receipt__number">{receipt.receiptNumber}</p>
        </div>
      </header>

      <div className="cw-receipt__parties">
        <section aria-labelledby="cw-receipt-billed-to">
          <h2 id="cw-receipt-billed-to" className="cw-receipt__label">
            Billed to
          </h2>
          {receipt.billedTo.name ? <p className="cw-receipt__strong">{receipt.billedTo.name}</p> : null}
          <p className="cw-receipt__line">{receipt.billedTo.email}</p>
        </section>
        <dl className="cw-receipt__facts">
          <div>
            <dt>Receipt number</dt>
            <dd>{receipt.receiptNumber}</dd>
          </div>
          <div>
            <dt>Date paid</dt>
            <dd>{formatIsoLongUsDate(receipt.paidAt)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{receipt.status === 'paid' ? 'Paid' : receipt.status}</dd>
          </div>
          <div>
            <dt>Payment method</dt>
            <dd>{receipt.paymentMethod ?? 'Not recorded by the payment provider'}</dd>
          </div>
        </dl>
      </div>

      <table className="cw-receipt__items">
        <thead>
          <tr>
            <th scope="col">Description</th>
            <th scope="col" className="cw-receipt__amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <span className="cw-receipt__strong">{`Candlewise ${receipt.plan}, monthly plan`}</span>
              <span className="cw-receipt__period">{`Period: ${period ?? 'not stated by the payment provider'}`}</span>
            </td>
            <td className="cw-receipt__amount">{amount}</td>
          </tr>
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total paid</th>
            <td className="cw-receipt__amount cw-receipt__total">{amount}</td>
          </tr>
        </tfoot>
      </table>

      <footer className="cw-receipt__footer">
        <p className="cw-receipt__line">{`Currency: ${currency}`}</p>
        <p className="cw-receipt__line">
          {`Issued by ${receipt.issuer.name} for a payment received. Keep it for your records.`}
        </p>
      </footer>
    </article>
  );
}
