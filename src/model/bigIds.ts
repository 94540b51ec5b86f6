/**
 * JSON text read without losing ids past 2^53. The marketplace sends some ids (a 19-digit `application_id` in a
 * notification) as JSON numbers larger than a JavaScript number holds exactly; `JSON.parse` would round them. Here
 * every whole number outside the safe range becomes its own digits as text, so the id is kept as sent; every other
 * value reads as `JSON.parse` reads it. One pass over the text, strings skipped.
 */
export function parseJsonKeepingBigIds(text: string): unknown {
  let out = '';
  let copied = 0;
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (char === '"') {
      // Skip the string, escapes included.
      index += 1;
      while (index < text.length && text[index] !== '"') index += text[index] === '\\' ? 2 : 1;
      index += 1;
      continue;
    }
    if (char === '-' || (char >= '0' && char <= '9')) {
      const start = index;
      index += 1;
      while (index < text.length && /[0-9.eE+-]/.test(text[index]!)) index += 1;
      const literal = text.slice(start, index);
      if (/^-?\d+$/.test(literal) && !Number.isSafeInteger(Number(literal))) {
        out += `${text.slice(copied, start)}"${literal}"`;
        copied = index;
      }
      continue;
    }
    index += 1;
  }
  return JSON.parse(copied === 0 ? text : out + text.slice(copied));
}
