/**
 * Why a payment did not go through, for the payer, by YooKassa's `cancellation_details.reason` (its documented
 * codes). A code not listed gets the general text.
 */
const REASONS: Readonly<Record<string, string>> = {
  '3d_secure_failed': 'Не пройдена проверка 3-D Secure: попробуйте ещё раз или оплатите другой картой',
  call_issuer: 'Банк отклонил платёж: позвоните в банк, выпустивший карту',
  canceled_by_merchant: 'Платёж отменён',
  card_expired: 'Срок действия карты истёк: оплатите другой картой',
  country_forbidden: 'Карты этой страны не принимаются: оплатите другой картой',
  deal_expired: 'Срок сделки истёк: оформите оплату заново',
  expired_on_capture: 'Время на подтверждение платежа истекло: попробуйте ещё раз',
  expired_on_confirmation: 'Время на оплату истекло: оплата не была завершена. Попробуйте ещё раз',
  fraud_suspected: 'Платёж заблокирован из-за подозрения в мошенничестве: обратитесь в банк',
  general_decline: 'Банк отклонил платёж: попробуйте другую карту или обратитесь в банк',
  identification_required: 'Превышен лимит кошелька: пройдите идентификацию или оплатите картой',
  insufficient_funds: 'На карте недостаточно средств: пополните её или оплатите другой картой',
  internal_timeout: 'Платёжный сервис не ответил вовремя: попробуйте ещё раз',
  invalid_card_number: 'Неверный номер карты: проверьте его и попробуйте ещё раз',
  invalid_csc: 'Неверный код CVC: проверьте его и попробуйте ещё раз',
  issuer_unavailable: 'Банк, выпустивший карту, недоступен: попробуйте позже или оплатите другой картой',
  payment_method_limit_exceeded: 'Превышен лимит платежей по карте: оплатите другой картой',
  payment_method_restricted: 'Операции по карте ограничены: обратитесь в банк или оплатите другой картой',
  permission_revoked: 'Разрешение на платёж отозвано',
  unsupported_mobile_operator: 'Оплата с телефона этого оператора невозможна: оплатите картой',
};

const GENERAL = 'Платёж не прошёл: попробуйте ещё раз или оплатите другой картой';

export function cancellationMessage(reason: string | null | undefined): string {
  return (reason && REASONS[reason]) || GENERAL;
}
