/*
 * Numbers in the interface language, written without the browser's Intl: the first Intl formatter a
 * page makes loads the browser's locale data, 30–100 ms on a desktop and four times that on a phone,
 * for two languages whose digits, separators and signs are fixed (decision 0390). Weekday names:
 * weekday-name.ts; dates: format.ts.
 */

/** The locale in which the interface language writes numbers and dates: en-GB for English, else hr-HR. */
export function localeOf(lang: string): 'hr-HR' | 'en-GB' {
  return lang === 'en' ? 'en-GB' : 'hr-HR';
}

/** What a number is written with; the Croatian ones are CLDR's for `hr` (a minus sign, not a hyphen). */
interface NumberSymbols {
  group: string;
  decimal: string;
  minus: string;
  percent: string;
}

const SYMBOLS: Record<'hr-HR' | 'en-GB', NumberSymbols> = {
  'hr-HR': { group: '.', decimal: ',', minus: '\u2212', percent: '\u00a0%' },
  'en-GB': { group: ',', decimal: '.', minus: '-', percent: '%' },
};

export interface NumberOptions {
  /** At most this many decimals, trailing zeros dropped (Intl's default: 3, a percent 0). */
  maximumFractionDigits?: number;
  /** The value is a percentage (12.5 for 12,5 %), written with the language's percent sign. */
  percent?: boolean;
}

/** Writes numbers; `format` may be handed around on its own. */
export interface NumberWriter {
  readonly format: (value: number) => string;
}

const writers = new Map<string, NumberWriter>();

/**
 * Numbers as the interface language writes them, digit for digit what `Intl.NumberFormat` writes
 * for hr-HR and en-GB with the same options: grouped thousands, rounded half away from zero. One
 * writer per language and options, kept.
 */
export function numberFormat(lang: string, options: NumberOptions = {}): NumberWriter {
  const locale = localeOf(lang);
  const digits = options.maximumFractionDigits ?? (options.percent ? 0 : 3);
  const key = `${locale} ${digits} ${options.percent ? '%' : ''}`;
  let writer = writers.get(key);
  if (!writer) {
    const symbols = SYMBOLS[locale];
    const suffix = options.percent ? symbols.percent : '';
    writer = { format: (value: number) => write(value, digits, symbols) + suffix };
    writers.set(key, writer);
  }
  return writer;
}

function write(value: number, digits: number, symbols: NumberSymbols): string {
  // A chart library's callback may hand over null or undefined: they read as Intl reads them.
  const magnitude = Math.abs(value);
  if (Number.isNaN(magnitude)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? symbols.minus : '';
  if (magnitude === Infinity) return `${sign}∞`;
  // ICU rounds, half away from zero, the shortest decimal that reads back as the same double (what
  // `toExponential()` writes), not the double's exact value as `toFixed` does: 1.0005 → 1.001.
  const [mantissa, exponent] = magnitude.toExponential().split('e');
  const figures = mantissa.replace('.', '');
  // The value times 10^digits is `figures` times 10^shift; figures past `kept` are rounded off.
  const shift = Number(exponent) - figures.length + 1 + digits;
  const kept = figures.length + shift;
  let scaled = BigInt(shift >= 0 ? figures + '0'.repeat(shift) : figures.slice(0, Math.max(kept, 0)));
  if (figures[kept] >= '5') scaled += 1n;
  const text = `${scaled}`.padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits).replace(/\B(?=(\d{3})+$)/g, symbols.group);
  const fraction = text.slice(text.length - digits).replace(/0+$/, '');
  return `${sign}${whole}${fraction ? symbols.decimal + fraction : ''}`;
}
