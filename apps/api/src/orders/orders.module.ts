import { Module, type DynamicModule } from '@nestjs/common';
import { SmsOutboxService } from '@fed/sandbox-sms';
import { PAYMENTS_UNDER_WAY } from '../common/payments-under-way';
import type { AppConfig } from '../config/app-config';
import { SmsModule } from '../sms/sms.module';
import { DEFAULT_ORDERS_CONFIG, DEFAULT_RECONCILE_WINDOW_DAYS } from './orders-config';
import { MembershipRemindersJob, REMINDERS_OPTIONS, type RemindersOptions } from './membership-reminders.job';
import { OrdersController } from './orders.controller';
import {
  PaymentsReconciliationJob,
  RECONCILIATION_OPTIONS,
  type ReconciliationOptions,
} from './payments-reconciliation';
import { ORDERS_OPTIONS, OrdersService, type OrdersOptions } from './orders.service';

export interface OrdersModuleOptions {
  orders: OrdersOptions;
  reminders: RemindersOptions;
  reconciliation: ReconciliationOptions;
  /** The SMS port the reminders go through. */
  sms: DynamicModule;
}

/**
 * `/api/orders`, the membership reminder job and the payments reconciliation. Needs the auth store and the
 * platform client (exported by the global auth module) and the payment port (`PaymentsModule`, global).
 */
@Module({})
export class OrdersModule {
  static forRoot(options: OrdersModuleOptions): DynamicModule {
    return {
      module: OrdersModule,
      // Global for the proxy, which asks whether a request is being paid before changing it.
      global: true,
      imports: [options.sms],
      controllers: [OrdersController],
      providers: [
        { provide: ORDERS_OPTIONS, useValue: options.orders },
        { provide: REMINDERS_OPTIONS, useValue: options.reminders },
        OrdersService,
        { provide: PAYMENTS_UNDER_WAY, useExisting: OrdersService },
        MembershipRemindersJob,
        { provide: RECONCILIATION_OPTIONS, useValue: options.reconciliation },
        PaymentsReconciliationJob,
      ],
      exports: [OrdersService, PAYMENTS_UNDER_WAY, MembershipRemindersJob, PaymentsReconciliationJob],
    };
  }
}

/**
 * The orders module as the app mounts it: `config.orders` (or its defaults), reminders through the SMS port
 * as `config.upstreams.sms` configures it — the sandbox outbox of `sandbox` (the app's sandbox module, the
 * same object the auth module's port writes to) or the SMS.ru gateway.
 */
export function ordersModuleFor(config: AppConfig, sandbox: DynamicModule | null): DynamicModule {
  const orders = config.orders ?? DEFAULT_ORDERS_CONFIG;
  const sms = config.upstreams.sms;
  return OrdersModule.forRoot({
    orders: { portalPublicUrl: orders.portalPublicUrl },
    reminders: { intervalMs: orders.reminderIntervalMs },
    reconciliation: {
      intervalMs: orders.reconcileIntervalMs ?? 0,
      windowDays: orders.reconcileWindowDays ?? DEFAULT_RECONCILE_WINDOW_DAYS,
    },
    sms:
      sms.gateway === 'outbox' && sandbox
        ? SmsModule.forRoot(sms, { outbox: { imports: [sandbox], useExisting: SmsOutboxService } })
        : SmsModule.forRoot(sms),
  });
}
