// The YooKassa twin (server only): the api mounts it under /sandbox when no YOOKASSA_URL is configured.
export { YookassaTwinModule } from './lib/yookassa-twin.module';
export {
  DEFAULT_TEST_SWITCHES,
  type YookassaShop,
  type YookassaTestSwitches,
  type YookassaTwinOptions,
} from './lib/yookassa-twin.options';
export { YOOKASSA_TEST_CARDS } from './lib/yookassa-cards';
export { YookassaTwinService } from './lib/yookassa-twin.service';
export { YookassaNotifier } from './lib/yookassa-notifier';
export { YOOKASSA_DATABASE_FILE } from './lib/yookassa-store';
