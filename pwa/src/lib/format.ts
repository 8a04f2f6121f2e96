/**
 * Rand amounts, one style everywhere: 'R2,450', 'R2,450.50', '-R300'. Comma thousands
 * (as the spec writes R125,400) and cents only when there are any. Built by hand rather
 * than with Intl 'en-ZA', whose grouping character (a no-break space) and decimal comma
 * differ between ICU versions and would make the same amount read differently per device.
 */
export function formatRand(amount: number): string {
  if (!Number.isFinite(amount)) return 'R0';
  const cents = Math.round(Math.abs(amount) * 100);
  const whole = Math.floor(cents / 100);
  const rest = cents % 100;
  const grouped = String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = amount < 0 && cents > 0 ? '-' : '';
  return `${sign}R${grouped}${rest ? `.${String(rest).padStart(2, '0')}` : ''}`;
}
