// RFC 4180 text read back into records, so the CSV tests compare what a spreadsheet would see.

/** The records of a CSV text whose lines end with CRLF (quoted fields may hold commas, quotes and line breaks). */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') [field, index] = [`${field}"`, index + 1];
      else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') [fields, field] = [[...fields, field], ''];
    else if (char === '\r' && text[index + 1] === '\n') {
      records.push([...fields, field]);
      [fields, field, index] = [[], '', index + 1];
    } else field += char;
  }
  return records;
}
