import * as l10n from '@vscode/l10n';
import * as z from 'zod';
import { ItemCreate, ItemUpdate, SaleTermsUpdate } from './item';
import { BlacklistRequest, FeedbackRequest, NOTE_MAX_LENGTH, NoteRequest } from './order';
import { PAYLOAD_GLOBS, type PayloadFile, type PayloadKind } from './payloadFiles';
import { type StructureEntry, structure, structureFamilyOf } from './payloadStructure';
import { ItemsAssociation, SizeChartCreate } from './sizeChart';

/**
 * The JSON schemas of the payload files (`schemas/*.schema.json`, contributed through `contributes.jsonValidation`).
 *
 * Each schema is the zod request model converted by `z.toJSONSchema` (draft-07, input side), then enriched with VS
 * Code's JSON-schema extensions from one table (`fieldDocs()` in `payloadFieldDocs.ts`): hover text in the spec's words, a description
 * per known value, snippets and examples. Then the schemas judge structure, and structure only: `helpOnly` takes the
 * model's own judging keywords out (the model's limits and formats are advice or context, the rules' business with
 * their levels), keeping types and known values as suggestions (a known branch beside an open one), and `judge`
 * writes in the structural conditions of `structure()` (`payloadStructure.ts`: JSON types, arrays, required fields,
 * the note's length, the statuses a seller may set), each with its message in the spec's words. The same table tells
 * the editor's diagnostics which findings of `src/rules/` the schema already reports, so each problem shows once.
 *
 * Each schema's `$id` is `SCHEMA_ID_BASE` + its file name: stable, so teams can refer to the schemas from their own
 * tooling.
 *
 * `scripts/generateSchemas.ts` (npm run schemas) and the tests import this module; VS Code reads the generated files.
 */

/** A JSON Schema object (draft-07 plus VS Code's extensions such as `markdownDescription` and `defaultSnippets`). */
import {
  type FieldDoc,
  type FieldDocs,
  feedbackPair,
  fieldDocs,
  ITEM_UPDATE_SNIPPETS,
  type JsonSchema,
  NEW_ITEM,
  REMOVE_AVAILABILITY,
  raw,
  SET_AVAILABILITY,
  SET_MAX_QUANTITY,
  tab,
} from './payloadFieldDocs';

export type { JsonSchema, Snippet } from './payloadFieldDocs';

export interface PayloadSchema {
  /** File name under `schemas/`. */
  file: string;
  kind: PayloadKind;
  /** For items and size charts the name also tells create from update; the other kinds have one body. */
  action: 'create' | 'update' | 'any';
  /** `contributes.jsonValidation[].fileMatch`: globs, `!` excludes; the last pattern that matches decides. */
  fileMatch: string[];
  schema: JsonSchema;
  /** The zod request model the schema is generated from (what the commands validate before sending). */
  model: z.ZodType;
}

/** What the enrichment adds to one field. Markdown in every text; plain `description`s are derived from it. */
// ---------------------------------------------------------------------------------------------------------------
// The schemas and their file names
// ---------------------------------------------------------------------------------------------------------------

/**
 * A file stem that starts like an item id: three letters in any case and four digits (a stem is an item id when it
 * matches `^[A-Z]{3}\d{4,}$` case-insensitively; see payloadFiles.ts).
 */
const ITEM_ID_PREFIX_GLOB = '[A-Za-z][A-Za-z][A-Za-z][0-9][0-9][0-9][0-9]*';
/** …and then holds a character that is not a digit, so the stem is not an item id after all. */
const NOT_ITEM_ID_GLOB = `${ITEM_ID_PREFIX_GLOB}[\\D]*`;

interface PayloadDefinition {
  file: string;
  kind: PayloadKind;
  action: PayloadSchema['action'];
  title: string;
  model: z.ZodType;
  fields: keyof FieldDocs;
  root: FieldDoc;
  fileMatch: string[];
}

/** `.item.json` in any case (`.[iI][tT][eE][mM].[jJ][sS][oO][nN]`), the suffix of `PAYLOAD_GLOBS.item`. */
const ITEM_SUFFIX = PAYLOAD_GLOBS.item.slice(1);

/** The payload schemas' definitions; a function, so their words are read in the language configured when it runs. */
const payloadDefinitions = (): PayloadDefinition[] => [
  {
    file: 'item-create.schema.json',
    kind: 'item',
    action: 'create',
    title: l10n.t('New item (POST /items)'),
    model: ItemCreate,
    fields: 'itemCreate',
    root: {
      doc: l10n.t(
        'Body of `POST /items`: a new listing. Required for every creation: title (or family_name in the User Products flow), category_id, price and currency_id. Any `*.item.json` not named after an item id creates an item.',
      ),
      snippets: [NEW_ITEM],
    },
    fileMatch: [PAYLOAD_GLOBS.item, `!${ITEM_ID_PREFIX_GLOB}${ITEM_SUFFIX}`, `${NOT_ITEM_ID_GLOB}${ITEM_SUFFIX}`],
  },
  {
    file: 'item-update.schema.json',
    kind: 'item',
    action: 'update',
    title: l10n.t('Item update (PUT /items/{item_id})'),
    model: ItemUpdate,
    fields: 'itemUpdate',
    root: {
      doc: l10n.t(
        'Body of `PUT /items/{item_id}`, the item being the file’s name (`MLA1400000401.item.json`): any subset of the editable fields. While the item is active, available_quantity, price, video, pictures, description and shipping can change; once it has sales, title, condition and buying_mode cannot.',
      ),
      snippets: ITEM_UPDATE_SNIPPETS,
    },
    fileMatch: [`${ITEM_ID_PREFIX_GLOB}${ITEM_SUFFIX}`, `!${NOT_ITEM_ID_GLOB}${ITEM_SUFFIX}`],
  },
  {
    file: 'sale-terms.schema.json',
    kind: 'saleTerms',
    action: 'any',
    title: l10n.t('Sale terms (PUT /items/{item_id})'),
    model: SaleTermsUpdate,
    fields: 'itemUpdate',
    root: {
      doc: l10n.t(
        'Body of `PUT /items/{item_id}` with the item’s sale terms only; the item is the file’s name (`MLA1400000703.sale-terms.json`).',
      ),
      snippets: [SET_AVAILABILITY, REMOVE_AVAILABILITY, SET_MAX_QUANTITY],
    },
    fileMatch: [PAYLOAD_GLOBS.saleTerms],
  },
  {
    file: 'size-chart.schema.json',
    kind: 'sizeChart',
    action: 'any',
    title: l10n.t('Size chart (POST /size_charts, PUT /size_charts/{id})'),
    model: SizeChartCreate,
    fields: 'sizeChart',
    root: {
      doc: l10n.t(
        'A size chart: `POST /size_charts` creates one (any `*.size-chart.json`), `PUT /size_charts/{id}` replaces one named by the file (`510001.size-chart.json`) and needs the complete chart, including the parts that do not change.',
      ),
      snippets: [
        {
          label: l10n.t('New size chart'),
          description: l10n.t('A chart with two sizes measured by chest circumference.'),
          body: {
            name: tab(1, 'Remeras hombre'),
            sizes: [
              { name: 'M', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: tab(2, '96 - 100') }] },
              { name: 'L', measurements: [{ id: 'CHEST_CIRCUMFERENCE', value: tab(3, '104') }] },
            ],
          },
        },
      ],
    },
    fileMatch: [PAYLOAD_GLOBS.sizeChart],
  },
  {
    file: 'chart-items.schema.json',
    kind: 'chartItems',
    action: 'any',
    title: l10n.t('Size chart items (PUT /size_charts/{id}/items)'),
    model: ItemsAssociation,
    fields: 'chartItems',
    root: {
      doc: l10n.t(
        'Body of `PUT /size_charts/{id}/items`, the chart being the file’s name (`510001.chart-items.json`): the whole list of items to keep, which replaces the previous one.',
      ),
      snippets: [
        {
          label: l10n.t('Associate items'),
          description: l10n.t('The full list of items the chart serves.'),
          body: { items: [tab(1, 'MLA1400000401')] },
        },
      ],
    },
    fileMatch: [PAYLOAD_GLOBS.chartItems],
  },
  {
    file: 'note.schema.json',
    kind: 'note',
    action: 'any',
    title: l10n.t('Order note (POST /orders/{order_id}/notes)'),
    model: NoteRequest,
    fields: 'note',
    root: {
      doc: l10n.t(
        'Body of `POST /orders/{order_id}/notes`, the order being the file’s name (`2195100001.note.json`): a note of at most {0} characters.',
        NOTE_MAX_LENGTH,
      ),
      snippets: [
        { label: l10n.t('Note'), description: l10n.t('A seller’s note on the order.'), body: { note: tab(1) } },
      ],
    },
    fileMatch: [PAYLOAD_GLOBS.note],
  },
  {
    file: 'feedback.schema.json',
    kind: 'feedback',
    action: 'any',
    title: l10n.t('Reservation feedback (POST /orders/{order_id}/feedback)'),
    model: FeedbackRequest,
    fields: 'feedback',
    root: {
      doc: l10n.t(
        'Body of `POST /orders/{order_id}/feedback`, the order being the file’s name (`2195100001.feedback.json`). Delivered: fulfilled true with rating positive. Returned: fulfilled false with rating neutral.',
      ),
      snippets: [
        {
          label: l10n.t('Delivered'),
          description: l10n.t('The vehicle was delivered; the buyer confirms receipt and the money is released.'),
          body: { fulfilled: raw('true'), rating: 'positive' },
        },
        {
          label: l10n.t('Returned'),
          description: l10n.t('The reservation is returned; the amount is refunded to the buyer automatically.'),
          body: { fulfilled: raw('false'), rating: 'neutral' },
        },
      ],
      constraints: {
        allOf: [feedbackPair(true, 'positive'), feedbackPair(false, 'neutral')],
      },
    },
    fileMatch: [PAYLOAD_GLOBS.feedback],
  },
  {
    file: 'blacklist.schema.json',
    kind: 'blacklist',
    action: 'any',
    title: l10n.t('Blacklist entry (POST /users/{me}/order_blacklist)'),
    model: BlacklistRequest,
    fields: 'blacklist',
    root: {
      doc: l10n.t(
        'Body of `POST /users/{cust_id}/order_blacklist` (the path id is your own): bars a user from bidding on your listings.',
      ),
      snippets: [
        {
          label: l10n.t('Block a user'),
          description: l10n.t('Bars the user from bidding on your listings.'),
          body: { user_id: raw(tab(1, '6120334455')) },
        },
      ],
    },
    fileMatch: [PAYLOAD_GLOBS.blacklist],
  },
];

/** The stable base of every schema's `$id`: `https://marketplace-integrator.dev/schemas/item-create.schema.json`. */
export const SCHEMA_ID_BASE = 'https://marketplace-integrator.dev/schemas/';

/**
 * A request model as a draft-07 JSON schema of what may be sent (zod's input side), as a JSON copy: zod may share one
 * object between two fields, and each field gets its own text. The payload schemas and the fixtures schema start here.
 */
export function inputSchemaOf(model: z.ZodType): JsonSchema {
  const generated = z.toJSONSchema(model, {
    target: 'draft-7',
    io: 'input',
    unrepresentable: 'throw',
    override: ({ jsonSchema }) => {
      // `.int()` adds the safe-integer bounds; they say nothing to a person and clutter every hover.
      if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
      if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    },
  }) as JsonSchema;
  return JSON.parse(JSON.stringify(generated)) as JsonSchema;
}

/** Every payload schema, generated from the zod model and enriched; pure and deterministic. */
export function payloadSchemas(): PayloadSchema[] {
  // A field's doc counts as used when any schema uses it (the create and update families share most of theirs).
  const used = new Set<FieldDoc>();
  const structures = structure();
  const docsOf = fieldDocs();
  const result = payloadDefinitions().map((definition) => {
    const schema = inputSchemaOf(definition.model);
    enrich(schema, docsOf[definition.fields], `${definition.file}`, used);
    schema.title = definition.title;
    apply(schema, definition.root, definition.file);
    helpOnly(schema);
    judge(schema, structures[structureFamilyOf(definition)], definition.file);
    schema.$id = `${SCHEMA_ID_BASE}${definition.file}`;
    return {
      file: definition.file,
      kind: definition.kind,
      action: definition.action,
      fileMatch: definition.fileMatch,
      schema: canonical(schema),
      model: definition.model,
    };
  });
  for (const [family, docs] of Object.entries(docsOf)) {
    const unused = Object.entries(docs)
      .filter(([, doc]) => !used.has(doc))
      .map(([path]) => path);
    if (unused.length) throw new Error(`FIELD_DOCS.${family} describes fields no model has: ${unused.join(', ')}`);
  }
  return result;
}

/** `contributes.jsonValidation` of package.json: one entry per schema, in the same order. */
export function jsonValidationContributions(schemas = payloadSchemas()): { fileMatch: string[]; url: string }[] {
  return schemas.map((schema) => ({ fileMatch: schema.fileMatch, url: `./schemas/${schema.file}` }));
}

/** The schema file that applies to a classified payload file (what VS Code's fileMatch patterns route it to). */
export function schemaFileFor(payload: Pick<PayloadFile, 'kind' | 'action'>): string {
  const match = payloadDefinitions().find(
    (definition) =>
      definition.kind === payload.kind && (definition.action === 'any' || definition.action === payload.action),
  );
  if (!match) throw new Error(`No schema for ${payload.kind} (${payload.action})`);
  return match.file;
}

/** The text of one schema file: pretty-printed, keywords in a fixed order, a final newline. */
export function schemaFileText(schema: JsonSchema): string {
  return `${JSON.stringify(canonical(schema), null, 2)}\n`;
}

// ---------------------------------------------------------------------------------------------------------------
// Enrichment machinery
// ---------------------------------------------------------------------------------------------------------------

export const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Walks properties (`a.b`), array items (`a[]`) and anyOf branches (same path) and applies the table. */
function enrich(schema: JsonSchema, docs: Record<string, FieldDoc>, where: string, used: Set<FieldDoc>): void {
  const visit = (node: JsonSchema, path: string, role: 'root' | 'property' | 'items' | 'branch') => {
    const doc = role === 'branch' ? undefined : docs[path];
    if (doc) {
      apply(node, doc, `${where} ${path}`);
      used.add(doc);
    } else if (role === 'property') {
      throw new Error(`${where}: the field ${path} has no description; add it to FIELD_DOCS in jsonSchemas.ts`);
    }
    if (isObject(node.properties)) {
      for (const [key, child] of Object.entries(node.properties)) {
        if (isObject(child)) visit(child, path ? `${path}.${key}` : key, 'property');
      }
    }
    if (isObject(node.items)) visit(node.items, `${path}[]`, 'items');
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      const branches = node[keyword];
      if (Array.isArray(branches)) for (const branch of branches) if (isObject(branch)) visit(branch, path, 'branch');
    }
  };
  visit(schema, '', 'root');
}

/** Plain text of a Markdown description (for clients that show `description` only). */
const plain = (markdown: string): string => markdown.replace(/`([^`]*)`/g, '$1').replace(/\*\*([^*]*)\*\*/g, '$1');

/** Plain descriptions of enum values, and the Markdown ones when they differ. */
function enumDescriptions(markdown: string[]): JsonSchema {
  const text = markdown.map(plain);
  return text.some((entry, index) => entry !== markdown[index])
    ? { enumDescriptions: text, markdownEnumDescriptions: markdown }
    : { enumDescriptions: text };
}

/** Writes one field's doc into its node (descriptions, known values, examples, snippets). */
export function apply(node: JsonSchema, doc: FieldDoc, where: string): void {
  node.description = plain(doc.doc);
  if (plain(doc.doc) !== doc.doc) node.markdownDescription = doc.doc;
  if (doc.values) {
    const values = Object.keys(doc.values);
    const descriptions = Object.values(doc.values);
    if (doc.open) {
      if (node.enum) throw new Error(`${where}: an open list of values on a closed enum`);
      // The known values as one branch and an empty schema as the other: completion and hover offer the values, any
      // string validates, and a wrong type gets the field's own type message only.
      node.anyOf = [{ enum: values, ...enumDescriptions(descriptions) }, {}];
    } else {
      const enumValues = node.enum;
      if (!Array.isArray(enumValues)) throw new Error(`${where}: value descriptions for a field without enum`);
      const missing = enumValues.filter((value) => !(String(value) in doc.values!));
      const extra = values.filter((value) => !enumValues.includes(value));
      if (missing.length || extra.length) {
        throw new Error(
          `${where}: enum values without description ${missing} / described but not in the enum ${extra}`,
        );
      }
      Object.assign(node, enumDescriptions(enumValues.map((value) => doc.values![String(value)]!)));
    }
  }
  if (doc.examples) node.examples = doc.examples;
  if (doc.snippets) node.defaultSnippets = doc.snippets;
  if (doc.doNotSuggest) node.doNotSuggest = true;
  for (const [keyword, value] of Object.entries(doc.constraints ?? {})) {
    if (keyword in node) throw new Error(`${where}: the model already sets ${keyword}`);
    node[keyword] = value;
  }
}

/** Keywords of the model that only judge a value: its limits and formats are the rules' (advice, context, levels). */
const JUDGING = [
  'required',
  'additionalProperties',
  'minProperties',
  'maxProperties',
  'pattern',
  'patternErrorMessage',
  'format',
  'minLength',
  'maxLength',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minItems',
  'maxItems',
  'uniqueItems',
  'not',
  'errorMessage',
] as const;
/** Keywords that judge but also feed completion (value proposals, `true`/`false`, `null`): kept in an optional branch. */
const SUGGESTING = ['type', 'enum', 'enumDescriptions', 'markdownEnumDescriptions', 'const'] as const;

/**
 * Takes the model's judgments out of a schema, in place, before `judge` writes the structural ones: judging keywords
 * go; types, enums and consts move into an `anyOf` branch beside an empty schema, so completion and hover still read
 * them (known values stay suggestions). `if` stays as it is (it chooses suggestions, such as the `N días` examples
 * once a sale term's id is MANUFACTURING_TIME).
 */
export function helpOnly(node: JsonSchema, branch = false): void {
  for (const keyword of JUDGING) delete node[keyword];
  if (isObject(node.properties)) {
    for (const child of Object.values(node.properties)) if (isObject(child)) helpOnly(child);
  }
  for (const keyword of ['items', 'then', 'else'] as const) if (isObject(node[keyword])) helpOnly(node[keyword]);
  if (Array.isArray(node.allOf)) for (const part of node.allOf) if (isObject(part)) helpOnly(part);
  // oneOf cannot take an always-valid branch (exactly one must match): its branches become anyOf's.
  const branches = [node.anyOf, node.oneOf]
    .flatMap((list) => (Array.isArray(list) ? (list as unknown[]) : []))
    .filter((entry): entry is JsonSchema => isObject(entry) && Object.keys(entry).length > 0);
  delete node.oneOf;
  delete node.anyOf;
  // Inside a branch, types and enums stay where they are: the always-valid sibling already accepts everything.
  for (const entry of branches) helpOnly(entry, true);
  if (!branch) {
    const moved: JsonSchema = {};
    for (const keyword of SUGGESTING) {
      if (keyword in node) {
        moved[keyword] = node[keyword];
        delete node[keyword];
      }
    }
    if (Object.keys(moved).length) branches.push(moved);
  }
  if (branches.length) node.anyOf = branch ? branches : [...branches, {}];
}

/**
 * Writes the structural conditions into a schema, in place, each at its field (`a.b`, `a[]`): type, pattern and enum
 * keywords on the field's node with their messages; object conditions (`requires`) into the node's `allOf`. A field
 * the model does not have (family_name) is added with the entry's `doc`; a path that leads nowhere is an error.
 */
function judge(schema: JsonSchema, entries: readonly StructureEntry[], where: string): void {
  for (const entry of entries) {
    const node = nodeAt(schema, entry.path, entry, where);
    // A copy: the table's objects (and an `allOf` the field docs gave) are shared between schemas and runs.
    const { if: condition, then: consequence, ...keywords } = structuredClone(entry.check.schema);
    if (condition) {
      // biome-ignore lint/suspicious/noThenProperty: `then` is the JSON Schema keyword, not a thenable.
      node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), { if: condition, then: consequence }];
    }
    for (const [keyword, value] of Object.entries(keywords)) {
      if (keyword in node) throw new Error(`${where} ${entry.path}: two structural conditions set ${keyword}`);
      node[keyword] = value;
    }
    // A closed list judged where the known values are described: the judging enum carries the same descriptions.
    if (Array.isArray(keywords.enum)) {
      const described = (Array.isArray(node.anyOf) ? node.anyOf : []).find(
        (branch): branch is JsonSchema =>
          isObject(branch) && Array.isArray(branch.enum) && sameValues(branch.enum, keywords.enum as unknown[]),
      );
      if (!described) throw new Error(`${where} ${entry.path}: a closed list of values the field docs do not describe`);
      // In the order of the described branch, so each description stays with its value.
      node.enum = described.enum;
      for (const keyword of ['enumDescriptions', 'markdownEnumDescriptions']) {
        if (keyword in described) node[keyword] = described[keyword];
      }
    }
  }
}

const sameValues = (a: unknown[], b: unknown[]): boolean =>
  a.length === b.length && a.every((value) => b.includes(value));

/** The node of a field path in a generated schema (through properties, items and anyOf branches). */
function nodeAt(schema: JsonSchema, path: string, entry: StructureEntry, where: string): JsonSchema {
  let node = schema;
  const steps = path === '' ? [] : path.split(/(?=\[\])|\./).filter(Boolean);
  for (const step of steps) {
    const holder = [node, ...((Array.isArray(node.anyOf) ? node.anyOf : []) as unknown[])].filter(isObject);
    if (step === '[]') {
      const found = holder.find((candidate) => isObject(candidate.items));
      if (!found) throw new Error(`${where}: ${path} is not an array of the model`);
      node = found.items as JsonSchema;
      continue;
    }
    const found = holder.find((candidate) => isObject(candidate.properties) && isObject(candidate.properties[step]));
    if (found) {
      node = (found.properties as Record<string, JsonSchema>)[step]!;
    } else if (entry.doc && step === steps.at(-1)) {
      const properties = (isObject(node.properties) ? node.properties : {}) as Record<string, JsonSchema>;
      properties[step] = { description: entry.doc };
      node.properties = properties;
      node = properties[step];
    } else {
      throw new Error(`${where}: ${path} is not a field of the model`);
    }
  }
  return node;
}

/** Schema keywords in reading order; property maps, enums and snippet bodies keep their own order. */
const KEYWORD_ORDER = [
  '$schema',
  '$id',
  'title',
  'description',
  'markdownDescription',
  'type',
  'const',
  'enum',
  'enumDescriptions',
  'markdownEnumDescriptions',
  'format',
  'pattern',
  'patternErrorMessage',
  'minLength',
  'maxLength',
  'exclusiveMinimum',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'uniqueItems',
  'items',
  'properties',
  'required',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'if',
  'then',
  'else',
  'errorMessage',
  'examples',
  'defaultSnippets',
  'doNotSuggest',
];
const SUBSCHEMA = new Set(['items', 'additionalProperties', 'if', 'then', 'else', 'not']);
const SUBSCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);

/** The schema with its keywords in reading order (stable text). */
export function canonical(schema: JsonSchema): JsonSchema {
  const rank = (key: string) => {
    const index = KEYWORD_ORDER.indexOf(key);
    return index === -1 ? KEYWORD_ORDER.length : index;
  };
  const keys = Object.keys(schema).sort((a, b) => rank(a) - rank(b) || (a < b ? -1 : a > b ? 1 : 0));
  const out: JsonSchema = {};
  for (const key of keys) {
    const value = schema[key];
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [name, isObject(child) ? canonical(child) : child]),
      );
    } else if (SUBSCHEMA.has(key) && isObject(value)) {
      out[key] = canonical(value);
    } else if (SUBSCHEMA_LISTS.has(key) && Array.isArray(value)) {
      out[key] = value.map((branch) => (isObject(branch) ? canonical(branch) : branch));
    } else {
      out[key] = value;
    }
  }
  return out;
}
