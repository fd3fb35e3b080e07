import { Module, type DynamicModule, type Provider } from '@nestjs/common';
import type { PaymentsConfig } from '../config/payments-config';
import { addressRanges } from './address-ranges';
import { PaymentEvents } from './payment-events';
import {
  PAYMENT_NOTIFY_FROM,
  PaymentNotificationsController,
  PaymentNotificationsService,
} from './payment-notifications';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider';
import { YookassaPaymentProvider } from './yookassa-payment-provider';

export interface PaymentsModuleOptions {
  /** A provider in place of the YooKassa adapter (tests). */
  provider?: PaymentProvider;
}

/**
 * The payment port, global: `PAYMENT_PROVIDER` (the YooKassa v3 adapter at `config.url`, the twin in a
 * sandbox) and `PaymentEvents` for whoever keeps payments (orders), plus the notification receiver.
 */
@Module({})
export class PaymentsModule {
  static forRoot(config: PaymentsConfig, options: PaymentsModuleOptions = {}): DynamicModule {
    const provider: Provider = options.provider
      ? { provide: PAYMENT_PROVIDER, useValue: options.provider }
      : {
          provide: PAYMENT_PROVIDER,
          useFactory: () =>
            new YookassaPaymentProvider({
              url: config.url,
              shopId: config.shopId,
              secretKey: config.secretKey,
              timeoutMs: config.timeoutMs,
              retryDelaysMs: config.retryDelaysMs,
            }),
        };
    return {
      module: PaymentsModule,
      global: true,
      controllers: [PaymentNotificationsController],
      providers: [
        provider,
        { provide: PAYMENT_NOTIFY_FROM, useValue: addressRanges(config.notifyFrom) },
        PaymentEvents,
        PaymentNotificationsService,
      ],
      exports: [PAYMENT_PROVIDER, PaymentEvents],
    };
  }
}
