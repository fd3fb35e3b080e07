import { Module, type DynamicModule } from '@nestjs/common';
import { CheckoutController } from './http/checkout.controller';
import { ControlController } from './http/control.controller';
import { YookassaApiController } from './http/yookassa-api.controller';
import { YookassaNotifier } from './yookassa-notifier';
import { YOOKASSA_TWIN_OPTIONS, type YookassaTwinOptions } from './yookassa-twin.options';
import { YookassaTwinService } from './yookassa-twin.service';

/**
 * The YooKassa twin: API v3 at `/sandbox/yookassa/v3`, the payer's card page at
 * `/sandbox/yookassa/checkout/{id}`, test switches at `/sandbox/yookassa/control`, and notifications POSTed
 * to `notificationUrl`. Data in `<dataDir>/yookassa.sqlite`. Mount it only in a sandbox.
 */
@Module({})
export class YookassaTwinModule {
  static forRoot(options: YookassaTwinOptions): DynamicModule {
    return {
      module: YookassaTwinModule,
      controllers: [YookassaApiController, CheckoutController, ControlController],
      providers: [
        { provide: YOOKASSA_TWIN_OPTIONS, useValue: options },
        YookassaTwinService,
        YookassaNotifier,
      ],
      exports: [YookassaTwinService, YookassaNotifier],
    };
  }
}
