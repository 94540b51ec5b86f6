import * as l10n from '@vscode/l10n';
import { type Finding, finding, type JsonPath } from './finding';

/** A package as `dimensions` describes it: centimetres and grams in the public examples. */
export interface PackageDimensions {
  height: number;
  width: number;
  length: number;
  weight: number;
}

/** The spec's example package, quoted in every dimensions message. */
export const DIMENSIONS_EXAMPLE = '10x10x20,500';

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const DIMENSIONS = new RegExp(`^${NUMBER}x${NUMBER}x${NUMBER},${NUMBER}$`);

/** Parses `HxWxL,W` (three x-separated numbers, a comma and the weight); undefined when the text is not that. */
export function parseDimensions(text: string): PackageDimensions | undefined {
  const match = DIMENSIONS.exec(text);
  if (!match) return undefined;
  const [height, width, length, weight] = match.slice(1).map(Number) as [number, number, number, number];
  if (height <= 0 || width <= 0 || length <= 0 || weight <= 0) return undefined;
  return { height, width, length, weight };
}

/** The dimensions format of shipping quotes: `HxWxL,W` with every figure above zero, e.g. `10x10x20,500`. */
export function dimensionsRule(value: unknown, path: JsonPath = ['dimensions']): Finding[] {
  if (value === undefined || value === null || value === '') {
    return [
      finding(
        'MISSING_DIMENSIONS',
        path,
        l10n.t(
          'The parameter dimensions is required: height x width x length in cm, a comma and the weight in grams, for example {0}.',
          DIMENSIONS_EXAMPLE,
        ),
      ),
    ];
  }
  if (typeof value !== 'string' || !DIMENSIONS.test(value)) {
    return [
      finding(
        'INVALID_DIMENSIONS',
        path,
        l10n.t(
          'dimensions {0} is not in the format HxWxL,W: three numbers joined by x (height, width and length in cm), a comma and the weight in grams, for example {1}.',
          JSON.stringify(value) ?? String(value),
          DIMENSIONS_EXAMPLE,
        ),
      ),
    ];
  }
  if (!parseDimensions(value)) {
    return [
      finding(
        'INVALID_DIMENSIONS',
        path,
        l10n.t(
          'dimensions "{0}" has a zero figure: every side and the weight must be greater than 0 (sides in cm, weight in grams), for example {1}.',
          value,
          DIMENSIONS_EXAMPLE,
        ),
      ),
    ];
  }
  return [];
}
