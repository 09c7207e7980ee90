import { Alert, Button, Input } from 'antd';
import {
  type ChangeEvent,
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header/page-header';
import { ApiError } from '@/lib/api-client';
import { usePageTitle } from '@/lib/use-page-title';
import { type CheckoutSession, useCheckoutSession } from '../api/get-checkout-session';
import { usePayCheckout } from '../api/pay-checkout';
import {
  type CardField,
  type CardFormErrors,
  type CardFormValues,
  cardFields,
  formatCardNumber,
  formatExpiry,
  validateCardForm,
} from '../lib/card-form';
import { formatInr } from '../lib/format-inr';
import { serverMessage } from '../lib/server-message';
import './checkout.css';

const TEST_CARD_HINT = 'Test mode: use 4242 4242 4242 4242; 4000 0000 0000 0002 is declined';
const PAYMENT_FAILED = 'The payment could not be completed. Nothing was charged; please try again.';

/** /checkout/:sessionId: the built-in checkout of the local payment provider (docs/architecture.md §Subscriptions). */
export default function CheckoutPage() {
  usePageTitle('Checkout');
  const { sessionId = '' } = useParams();
  const session = useCheckoutSession(sessionId);

  if (session.isPending) {
    return (
      <p className="cw-checkout__loading" role="status">
        Loading your checkout…
      </p>
    );
  }
  if (session.isError) {
    const notFound = session.error instanceof ApiError && session.error.status === 404;
    return (
      <CheckoutNotice title={notFound ? 'Checkout not found' : 'Checkout unavailable'}>
        {serverMessage(session.error) ??
          'We could not load this checkout. Check your connection and start again from the Pricing page.'}
      </CheckoutNotice>
    );
  }
  if (session.data.status === 'paid' || session.data.status === 'completed') {
    return (
      <CheckoutNotice
        title="Already paid"
        action={
          <Link className="cw-checkout__link" to={`/success?session_id=${encodeURIComponent(sessionId)}`}>
            Continue
          </Link>
        }
      >
        This checkout has been paid. Continue to switch on Pro.
      </CheckoutNotice>
    );
  }
  if (session.data.status === 'expired') {
    return (
      <CheckoutNotice title="Checkout expired">
        This checkout has expired and can no longer be paid. Start again from the Pricing page.
      </CheckoutNotice>
    );
  }
  return <CheckoutForm session={session.data} />;
}

function CheckoutNotice({
  title,
  children,
  action,
}: {
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="cw-checkout__notice">
      <h1 className="cw-checkout__notice-title">{title}</h1>
      <p className="cw-checkout__notice-text">{children}</p>
      {action ?? (
        <Link className="cw-checkout__link" to="/pricing">
          Back to pricing
        </Link>
      )}
    </section>
  );
}

const emptyCard: CardFormValues = { cardNumber: '', expiry: '', cvc: '', name: '' };

const formatters: Record<CardField, (value: string) => string> = {
  cardNumber: formatCardNumber,
  expiry: formatExpiry,
  cvc: (value) => value.replace(/\D/g, '').slice(0, 4),
  name: (value) => value,
};

function isCardField(value: string): value is CardField {
  return (cardFields as readonly string[]).includes(value);
}

/** The API may name a field "cardNumber" or "body.cardNumber": the last segment is the field. */
function fieldErrorsFromDetails(details: ApiError['details']): CardFormErrors {
  const errors: CardFormErrors = {};
  for (const detail of details) {
    const field = detail.path.split(/[./]/).filter(Boolean).pop() ?? '';
    if (isCardField(field) && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}

function CheckoutForm({ session }: { session: CheckoutSession }) {
  const idPrefix = useId();
  const navigate = useNavigate();
  const pay = usePayCheckout(session._id);
  const [values, setValues] = useState<CardFormValues>(emptyCard);
  const [errors, setErrors] = useState<CardFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const inputs = useRef<Partial<Record<CardField, HTMLInputElement | null>>>({});
  const price = formatInr(session.amountInr);
  const pending = pay.isPending || pay.isSuccess; // stays disabled while the success page loads

  const fieldId = (field: CardField) => `${idPrefix}-${field}`;
  const errorId = (field: CardField) => `${idPrefix}-${field}-error`;

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as CardField;
    const next = { ...values, [field]: formatters[field](event.target.value) };
    setValues(next);
    // A field showing an error is re-checked as it is typed, so the message goes once it is fixed.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validateCardForm(next)[field] }));
  }

  function focusFirst(found: CardFormErrors) {
    const first = cardFields.find((field) => found[field]);
    if (first) inputs.current[first]?.focus();
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateCardForm(values);
    setFormError(null);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    try {
      const { redirectUrl } = await pay.mutateAsync(values);
      navigate(redirectUrl);
    } catch (error) {
      const fieldErrors =
        error instanceof ApiError && error.status === 400 ? fieldErrorsFromDetails(error.details) : {};
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirst(fieldErrors);
      } else {
        // A declined card (402): the server's sentence, and the form stays as it was.
        setFormError(serverMessage(error) ?? PAYMENT_FAILED);
      }
    }
  }

  function renderField(field: CardField, label: string, props: ComponentProps<typeof Input>) {
    return (
      <div className={`cw-checkout__field cw-checkout__field--${field}`}>
        <label className="cw-checkout__label" htmlFor={fieldId(field)}>
          {label}
        </label>
        <Input
          ref={(element) => {
            inputs.current[field] = element?.input ?? null;
          }}
          id={fieldId(field)}
          name={field}
          size="large"
          value={values[field]}
          onChange={handleChange}
          status={errors[field] ? 'error' : undefined}
          aria-invalid={errors[field] ? true : undefined}
          aria-describedby={errors[field] ? errorId(field) : undefined}
          {...props}
        />
        {errors[field] ? (
          <p id={errorId(field)} className="cw-checkout__error">
            {errors[field]}
          </p>
        ) : null}
      </div>
    );
  }

  return (
    <div className="cw-checkout">
      <PageHeader title="Checkout" description="Upgrade to Candlewise Pro." />
      <div className="cw-checkout__layout">
        <section className="cw-checkout__summary" aria-labelledby={`${idPrefix}-summary`}>
          <h2 id={`${idPrefix}-summary`} className="cw-checkout__section-title">
            Order summary
          </h2>
          <div className="cw-checkout__line">
            <span>Candlewise Pro</span>
            <span>{`${price} / month`}</span>
          </div>
          <p className="cw-checkout__includes">
            Pro courses, broker sync into your journal and full journal statistics.
          </p>
          <div className="cw-checkout__line cw-checkout__line--total">
            <span>Due today</span>
            <span>{price}</span>
          </div>
          <p className="cw-checkout__terms">
            Pro runs a month at a time. Cancel any time on Manage Subscription; Pro stays on until the end of
            the paid month.
          </p>
        </section>

        <form className="cw-checkout__form" noValidate onSubmit={handleSubmit} aria-label="Card details">
          <h2 className="cw-checkout__section-title">Pay by card</h2>
          <p className="cw-checkout__hint">{TEST_CARD_HINT}</p>
          {renderField('cardNumber', 'Card number', {
            inputMode: 'numeric',
            autoComplete: 'cc-number',
            placeholder: '1234 1234 1234 1234',
          })}
          <div className="cw-checkout__row">
            {renderField('expiry', 'Expiry (MM/YY)', {
              inputMode: 'numeric',
              autoComplete: 'cc-exp',
              placeholder: 'MM/YY',
            })}
            {renderField('cvc', 'CVC', { inputMode: 'numeric', autoComplete: 'cc-csc', placeholder: '123' })}
          </div>
          {renderField('name', 'Name on card', { autoComplete: 'cc-name', spellCheck: false })}
          {formError ? (
            <Alert className="cw-checkout__form-error" type="error" showIcon title={formError} />
          ) : null}
          <Button
            className="cw-checkout__pay"
            type="primary"
            size="large"
            htmlType="submit"
            block
            disabled={pending}
            aria-busy={pending || undefined}
          >
            {`Pay ${price}`}
          </Button>
          <p className="cw-checkout__secure">
            <Link to="/pricing">Back to pricing</Link>
          </p>
        </form>
      </div>
    </div>
  );
}
