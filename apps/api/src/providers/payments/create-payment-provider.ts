import type Stripe from 'stripe';
import type { AppConfig } from '../../config.ts';
import { createLocalPaymentProvider } from './local-payment-provider.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { createStripeClient, createStripePaymentProvider } from './stripe-payment-provider.ts';

/** The configured provider, and the Stripe client when it is Stripe (webhooks verify with it). */
export function createPaymentProvider(config: AppConfig): {
  provider: PaymentProvider;
  stripe: Stripe | null;
} {
  if (config.paymentsProvider !== 'stripe' || !config.stripe) {
    return { provider: createLocalPaymentProvider(), stripe: null };
  }
  const api = config.stripe.apiUrl ? new URL(config.stripe.apiUrl) : null;
  const settings = {
    secretKey: config.stripe.secretKey,
    priceId: config.stripe.priceId,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  };
  const stripe = createStripeClient(settings);
  return { provider: createStripePaymentProvider(settings, stripe), stripe };
}
