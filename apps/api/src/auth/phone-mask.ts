/** '+79001234567' → '+7*******567': enough to tell numbers apart in an audit, not enough to call. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return '***';
  return `+${digits.slice(0, 1)}${'*'.repeat(digits.length - 4)}${digits.slice(-3)}`;
}
