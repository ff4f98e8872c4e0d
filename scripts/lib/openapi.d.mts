// Types of openapi.mjs, for the TypeScript tests.
import type { Ajv2020, Options } from "ajv/dist/2020.js";

type Json = any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the document is untyped JSON

export declare function loadBundle(path?: string | URL): Json;

export declare function escapeToken(token: string | number): string;
export declare function resolveRef(document: Json, node: Json): Json;
export declare function inlineRefs(document: Json, node: Json, omit?: (key: string) => boolean): Json;
export declare function valueAt(document: Json, path: readonly (string | number)[]): Json;

export declare const HTTP_METHODS: readonly ["get", "post", "put", "patch", "delete", "head", "options", "trace"];
export declare function isHttpMethod(key: unknown): boolean;

export interface Operation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  operationId: string;
  operation: Json;
  pathItem: Json;
  /** Parameters of the path item and of the operation, $refs resolved, the operation's own winning. */
  parameters: Json[];
}
export declare function operations(document: Json): Operation[];

export declare function parameterExample(document: Json, parameter: Json): unknown;
export declare function requestBodySchema(document: Json, operation: Json): Json | undefined;
export interface BodyExample {
  key: string | undefined;
  summary: string | undefined;
  value: unknown;
}
export declare function requestBodyExamples(document: Json, operation: Json): BodyExample[];
export interface SuccessResponse {
  status: number;
  response: Json;
  schema: Json | undefined;
}
export declare function successResponse(document: Json, operation: Json): SuccessResponse | undefined;
export declare function pathPattern(template: string): { source: string; names: string[] };

export declare const MARKER: "x-assumption";
export type Marker = Record<string, string[]>;
export declare function markerOf(node: Json): Marker;
export declare function assumedKeywords(node: Json): string[];
export interface MarkedNode {
  node: Json;
  path: (string | number)[];
  /** The raw value of `x-assumption` (a Marker when well formed). */
  marker: unknown;
}
export declare function markedNodes(root: Json, options?: { document?: Json; path?: (string | number)[] }): MarkedNode[];

export declare const WHO_MAY_CALL: "x-who-may-call";
export declare const STATUS_CAUSES: "x-status-causes";
export declare const STATUS_CAUSE: "x-status-cause";
export declare function givenCause(document: Json, operation: Json, status: string): unknown;
export declare const ID_SOURCES: "x-id-sources";
export declare const ID_SOURCE: "x-id-source";
export declare function idSources(op: Operation): Record<string, { from: string[]; text: string }>;
export declare function schemaProperties(document: Json, node: Json): Record<string, Json>;
export interface ChoiceAlternative {
  title: string | undefined;
  description: string | undefined;
  required: string[];
}
export declare function bodyChoice(document: Json, node: Json): ChoiceAlternative[] | undefined;
export declare function choiceSentence(
  choice: ChoiceAlternative[],
  options?: { name?: (property: string) => string; shape?: (alternative: ChoiceAlternative, names: string) => string; capital?: boolean },
): string;
export declare function isIdProperty(name: string, schema: Json): boolean;
export interface IdInput {
  name: string;
  in: "path" | "body";
}
export declare function idInputs(document: Json, op: Operation): IdInput[];
export interface OperationFacts {
  whoMayCall: { rule: string; stated: string | undefined; assumptions: string[] }[];
  statuses: { status: string; cause: string; assumptions: string[]; statusAssumptions: string[]; allAssumptions: string[] }[];
  ids: (IdInput & { from: string[]; text: string })[];
}
export declare function operationFacts(document: Json, op: Operation): OperationFacts;
export declare function operationFactsProblems(document: Json): { path: (string | number)[]; message: string }[];

export declare const DOCUMENT_ID: string;
export declare function createAjv(document: Json, options?: Options): Ajv2020;
export declare function rebaseRefs<T>(schema: T): T;
/** The email rule its `email` format asserts, as the pattern the description writes beside `format: email`. */
export declare const EMAIL_PATTERN: string;
