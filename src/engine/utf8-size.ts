const utf8 = new TextEncoder();

/**
 * Whether `text` takes more than `max` bytes as UTF-8, mostly without encoding it: a UTF-16 unit
 * takes 1 to 3 bytes, so only a text between max / 3 and max units long needs counting.
 */
export function utf8Over(text: string, max: number): boolean {
  if (text.length > max) return true;
  return text.length * 3 > max && utf8.encode(text).length > max;
}
