import { calendarDayOf } from '@fed/calendar';
import { YOOKASSA_TEST_CARDS, isCardNumber } from '../yookassa-cards';
import type { StoredCard, StoredPayment } from '../yookassa-store';

/**
 * The twin's card page at `confirmation_url`: plain HTML with a form that POSTs back (no script, so the api's
 * CSP holds: `script-src 'self'`, `form-action 'self'`), every value escaped.
 */

export interface CardFields {
  card_number?: unknown;
  card_expiry?: unknown;
  card_cvc?: unknown;
}

export type CardErrors = Partial<Record<'number' | 'expiry' | 'cvc', string>>;

/** The payer's card read from the form, or what is wrong with each field (in Russian, for the page). */
export function readCard(
  fields: CardFields,
  now: number,
): { card: StoredCard & { number: string } } | { errors: CardErrors; number: string; expiry: string } {
  const number = text(fields.card_number).replace(/[\s-]/g, '');
  const expiry = text(fields.card_expiry).trim();
  const cvc = text(fields.card_cvc).trim();
  const errors: CardErrors = {};
  if (!isCardNumber(number)) errors.number = 'Проверьте номер карты: 16–19 цифр, как на карте';
  const match = /^(\d{2})\s*\/?\s*(\d{2})$/.exec(expiry);
  const month = Number(match?.[1]);
  const year = 2000 + Number(match?.[2]);
  if (!match || month < 1 || month > 12) {
    errors.expiry = 'Укажите срок действия в формате ММ/ГГ';
  } else {
    // A card lasts to the end of its month; the month is the federation's (Moscow) one.
    const today = calendarDayOf(now);
    const ended = year < today.year || (year === today.year && month < today.month);
    if (ended) errors.expiry = 'Срок действия карты истёк';
  }
  if (!/^\d{3}$/.test(cvc)) errors.cvc = 'CVC — три цифры на обратной стороне карты';
  if (Object.keys(errors).length > 0)
    return { errors, number: text(fields.card_number).slice(0, 23), expiry: expiry.slice(0, 7) };
  return {
    card: {
      number,
      first6: number.slice(0, 6),
      last4: number.slice(-4),
      expiryMonth: String(month).padStart(2, '0'),
      expiryYear: String(year),
    },
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Escapes text for HTML content and double-quoted attributes alike. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const rubles = new Intl.NumberFormat('ru-RU', { style: 'currency', currency: 'RUB' });

export function formatRubles(kopecks: number): string {
  return rubles.format(kopecks / 100);
}

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1b1f24;background:#f2f3f5}
main{max-width:440px;margin:0 auto;padding:24px 16px}
.panel{background:#fff;border-radius:12px;padding:20px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
.brand{margin:0 0 4px;font-size:14px;color:#555}
h1{margin:0 0 16px;font-size:22px;line-height:1.25}
dl{margin:0 0 20px;display:grid;grid-template-columns:auto 1fr;gap:4px 12px}
dt{color:#555}
dd{margin:0;overflow-wrap:anywhere}
.amount{font-weight:700;font-size:20px}
label{display:block;font-weight:600;margin:0 0 4px}
input{width:100%;font:inherit;padding:10px 12px;border:1px solid #8a9099;border-radius:8px;background:#fff;color:inherit}
input:focus{outline:3px solid #7aa7ff;outline-offset:1px}
input[aria-invalid=true]{border-color:#b3261e}
.field{margin:0 0 14px}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{margin:4px 0 0;color:#b3261e;font-size:14px}
.summary{margin:0 0 14px;padding:10px 12px;border-radius:8px;background:#fdecea;color:#7a1712}
button{width:100%;font:inherit;font-weight:600;padding:12px;border:0;border-radius:8px;background:#1f6feb;color:#fff;cursor:pointer}
button:focus{outline:3px solid #7aa7ff;outline-offset:2px}
.back{display:inline-block;margin-top:16px;color:#1f4fbf}
.hint{margin-top:20px;padding:12px;border-radius:8px;background:#fff8e1;font-size:14px}
.hint p{margin:0 0 6px}
.hint ul{margin:0;padding-left:18px}
.outcome{font-size:18px}
`;

function page(title: string, body: string, refreshTo?: string): string {
  const refresh = refreshTo ? `<meta http-equiv="refresh" content="3;url=${escapeHtml(refreshTo)}">` : '';
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
${refresh}
<title>${escapeHtml(title)} — ЮKassa (песочница)</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<div class="panel">
<p class="brand">ЮKassa · тестовая касса песочницы</p>
${body}
</div>
</main>
</body>
</html>`;
}

function orderSummary(payment: StoredPayment): string {
  return `<dl>
<dt>Сумма</dt><dd class="amount">${escapeHtml(formatRubles(payment.amountKopecks))}</dd>
${payment.description ? `<dt>За что</dt><dd>${escapeHtml(payment.description)}</dd>` : ''}
</dl>`;
}

function backLink(payment: StoredPayment): string {
  return `<a class="back" href="${escapeHtml(payment.returnUrl)}">Вернуться в магазин</a>`;
}

const spaced = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

/** The card form of a pending payment, with the errors of a refused attempt. */
export function cardFormPage(
  payment: StoredPayment,
  refused?: { errors: CardErrors; number: string; expiry: string },
): string {
  const errors = refused?.errors ?? {};
  const field = (
    key: keyof CardErrors,
    id: string,
    name: string,
    label: string,
    attributes: string,
    value: string,
  ) => {
    const error = errors[key];
    return `<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" name="${name}" ${attributes} value="${escapeHtml(value)}"${
      error ? ` aria-invalid="true" aria-describedby="${id}-error"` : ''
    }>
${error ? `<p class="error" id="${id}-error">${escapeHtml(error)}</p>` : ''}
</div>`;
  };
  const count = Object.keys(errors).length;
  const action = `/sandbox/yookassa/checkout/${encodeURIComponent(payment.id)}`;
  return page(
    'Оплата банковской картой',
    `<h1>Оплата банковской картой</h1>
${orderSummary(payment)}
<form method="post" action="${escapeHtml(action)}" novalidate>
${count > 0 ? `<p class="summary" role="alert">Проверьте данные карты: ${count === 1 ? 'одно поле заполнено' : 'несколько полей заполнены'} неверно.</p>` : ''}
${field('number', 'card-number', 'card_number', 'Номер карты', 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="0000 0000 0000 0000" required', refused?.number ?? '')}
<div class="row">
${field('expiry', 'card-expiry', 'card_expiry', 'Срок действия', 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="ММ/ГГ" required', refused?.expiry ?? '')}
${field('cvc', 'card-cvc', 'card_cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" maxlength="3" required', '')}
</div>
<button type="submit">Оплатить ${escapeHtml(formatRubles(payment.amountKopecks))}</button>
</form>
${backLink(payment)}
<div class="hint">
<p>Это песочница: настоящие карты здесь не принимаются. Тестовые карты (срок — любой будущий, CVC — любые три цифры):</p>
<ul>
<li>${spaced(YOOKASSA_TEST_CARDS.pays)} — оплата проходит;</li>
<li>${spaced(YOOKASSA_TEST_CARDS.insufficientFunds)} — отказ: недостаточно средств.</li>
</ul>
</div>`,
  );
}

/** What became of a payment, in the payer's words. */
function outcome(payment: StoredPayment): { title: string; text: string } {
  const card = payment.card ? ` *${payment.card.last4}` : '';
  switch (payment.status) {
    case 'pending':
      return { title: 'Платёж ожидает оплаты', text: 'Оплата ещё не проведена.' };
    case 'succeeded':
      return { title: 'Оплата прошла', text: `Деньги списаны с карты${card}.` };
    case 'waiting_for_capture':
      return {
        title: 'Оплата подтверждена',
        text: `Деньги заблокированы на карте${card}; магазин спишет их, когда подтвердит заказ.`,
      };
    case 'canceled':
      switch (payment.cancellation?.reason) {
        case 'insufficient_funds':
          return {
            title: 'Платёж отклонён',
            text: 'На карте недостаточно средств. Пополните её или оплатите другой картой.',
          };
        case 'general_decline':
          return {
            title: 'Платёж отклонён',
            text: 'Банк отклонил платёж. Попробуйте другую карту или обратитесь в банк.',
          };
        case 'expired_on_confirmation':
          return {
            title: 'Время на оплату истекло',
            text: 'Платёж не был оплачен вовремя и отменён. Вернитесь в магазин, чтобы оплатить заново.',
          };
        case 'expired_on_capture':
          return {
            title: 'Платёж отменён',
            text: 'Магазин не подтвердил списание вовремя; деньги разблокированы.',
          };
        default:
          return { title: 'Платёж отменён', text: 'Магазин отменил платёж; деньги разблокированы.' };
      }
  }
}

/**
 * A payment that is no longer pending. Right after the payer's card was answered (`returning`), the page goes
 * back to the shop by itself after a few seconds, as YooKassa returns the payer to `return_url`.
 */
export function outcomePage(payment: StoredPayment, returning: boolean): string {
  const { title, text } = outcome(payment);
  return page(
    title,
    `<h1>${escapeHtml(title)}</h1>
${orderSummary(payment)}
<p class="outcome" role="status">${escapeHtml(text)}</p>
${returning ? '<p>Через несколько секунд вы вернётесь в магазин.</p>' : ''}
${backLink(payment)}`,
    returning ? payment.returnUrl : undefined,
  );
}

export function notFoundPage(): string {
  return page(
    'Платёж не найден',
    '<h1>Платёж не найден</h1><p>Ссылка на оплату неверна. Вернитесь в магазин и начните оплату заново.</p>',
  );
}
