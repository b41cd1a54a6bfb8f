/**
 * Whether `value` is an integer multiple of `divisor`, both read as the decimals they print as
 * (`0.3` is a multiple of `0.1`, which floating-point division would deny). Exact, by integer
 * arithmetic on the decimal digits.
 */
export function isMultipleOf(value: number, divisor: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(divisor) || divisor <= 0) return false;
  const [digits, exponent] = decimalOf(value);
  const [divisorDigits, divisorExponent] = decimalOf(divisor);
  // Scale both to the smaller exponent: digits·10^(e−low) must be divisible by the divisor's.
  const low = Math.min(exponent, divisorExponent);
  const scaled = digits * 10n ** BigInt(exponent - low);
  const scaledDivisor = divisorDigits * 10n ** BigInt(divisorExponent - low);
  return scaled % scaledDivisor === 0n;
}

/** |value| as digits × 10^exponent, from its shortest printed form. */
function decimalOf(value: number): [bigint, number] {
  const [mantissa = '0', power = '0'] = Math.abs(value).toString().split('e');
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  const fraction = point < 0 ? 0 : mantissa.length - point - 1;
  return [BigInt(digits), Number(power) - fraction];
}
