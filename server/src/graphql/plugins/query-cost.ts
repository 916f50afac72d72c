import {
  getNamedType,
  GraphQLError,
  isListType,
  isNonNullType,
  Kind,
  valueFromASTUntyped,
  visit,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'postgraphile/graphql';
import type { HeavyBudget } from '../heavy-budget.ts';
import { MAX_PAGE_SIZE } from './page-size-cap.ts';

/**
 * How much a request may ask for, measured before it runs (docs/operations.md "Query cost"):
 *   - fields: every field of the operation, aliases and repeated fragments each counted;
 *   - cost: each field weighs the number of rows it can be asked for, i.e. the product of the
 *     page sizes (`first`/`last`, or the 500-row cap when a list names none) of the lists above it.
 * The web app's largest screen (a detail page with 500 cost lines) costs about 20,000; one request
 * of 1,000 aliases of a 25-row list costs 250,000 and more.
 */
export const MAX_FIELDS = 1500;
export const MAX_COST = 100_000;
/**
 * A request is heavy when its weight (below) is above HEAVY_WEIGHT, or when it asks for a page of
 * more than HEAVY_PAGE rows anywhere: an account may run two heavy requests at a time, and they run
 * within the server's heavy budget (heavy-budget.ts). The web app's lists at 500 rows a page (its
 * exports, the audit log's largest page) and its analytics report are heavy; its lists at screen
 * page sizes (up to 100 rows), its record pages and the benchmark's nested list (50 invoices with
 * 30 cost lines each) are not.
 */
export const HEAVY_WEIGHT = 12_000;
export const HEAVY_PAGE = 200;
export const MAX_HEAVY_PER_ACCOUNT = 2;

export interface QueryCost {
  fields: number;
  cost: number;
}

/**
 * A request's cost, and its weight: the same sum with a list that names no page size below the root
 * (a record's costs, a role's scopes) counted as NESTED_UNPAGED_ROWS rows instead of the cap. The
 * limit is on the cost (what a request can ask for at most); heavy or light is decided on the
 * weight (what it asks for in practice), so that a record's page stays light.
 */
export interface MeasuredCost extends QueryCost {
  weight: number;
  /** The largest page size the request names (first/last), 0 when none. */
  largestPage: number;
}
export const NESTED_UNPAGED_ROWS = 50;

function unwrap(type: GraphQLOutputType): GraphQLOutputType {
  return isNonNullType(type) ? type.ofType : type;
}

function pageSize(field: FieldNode, variables: Record<string, unknown>): number | undefined {
  for (const name of ['first', 'last']) {
    const argument = field.arguments?.find((arg) => arg.name.value === name);
    if (!argument) continue;
    const value = valueFromASTUntyped(argument.value, variables);
    if (typeof value === 'number' && value >= 0) return Math.min(value, MAX_PAGE_SIZE);
    return MAX_PAGE_SIZE;
  }
  return undefined;
}

/** Costs already measured, per parsed document (the server caches those) and variables. */
const measured = new WeakMap<DocumentNode, Map<string, MeasuredCost>>();

/** queryCost, remembered for a document the server has parsed before. */
export function cachedQueryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): MeasuredCost {
  const key = `${operationName ?? ''}\u0000${JSON.stringify(variables)}`;
  let costs = measured.get(document);
  if (!costs) measured.set(document, (costs = new Map()));
  let cost = costs.get(key);
  if (!cost) {
    const measuredCost = queryCost(schema, document, operationName, variables);
    // A request over the limits is refused whatever its weight: not measured twice more.
    cost = costRefusal(measuredCost)
      ? { ...measuredCost, weight: measuredCost.cost, largestPage: 0 }
      : {
          ...measuredCost,
          weight: queryCost(schema, document, operationName, variables, NESTED_UNPAGED_ROWS).cost,
          largestPage: largestPage(document, variables),
        };
    if (costs.size < 50) costs.set(key, cost);
  }
  return cost;
}

/** The cost of one operation of the document with these variables. */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
  /** Rows counted for a list without a page size below a field of the root (default: the cap). */
  nestedUnpagedRows = MAX_PAGE_SIZE,
): QueryCost {
  const fragments: Record<string, FragmentDefinitionNode> = {};
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
    if (
      definition.kind === Kind.OPERATION_DEFINITION &&
      (!operationName || definition.name?.value === operationName)
    ) {
      operation ??= definition;
    }
  }
  const result: QueryCost = { fields: 0, cost: 0 };
  if (!operation) return result;
  const root =
    operation.operation === 'mutation'
      ? schema.getMutationType()
      : operation.operation === 'subscription'
        ? schema.getSubscriptionType()
        : schema.getQueryType();
  if (!root) return result;

  const walk = (
    selectionSet: SelectionSetNode,
    parent: GraphQLObjectType | undefined,
    rows: number,
    seen: Set<string>,
    depth: number,
  ) => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) {
        const typed = selection.typeCondition
          ? (schema.getType(selection.typeCondition.name.value) as GraphQLObjectType)
          : parent;
        walk(selection.selectionSet, typed, rows, seen, depth);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        const name = selection.name.value;
        const fragment = fragments[name];
        if (!fragment || seen.has(name)) continue;
        const typed = schema.getType(fragment.typeCondition.name.value) as GraphQLObjectType;
        walk(fragment.selectionSet, typed, rows, new Set([...seen, name]), depth);
        continue;
      }
      result.fields += 1;
      result.cost += rows;
      if (!selection.selectionSet) continue;
      const field: GraphQLField<unknown, unknown> | undefined =
        parent && 'getFields' in parent ? parent.getFields()[selection.name.value] : undefined;
      const type = field ? unwrap(field.type) : undefined;
      const size = pageSize(selection, variables);
      // A paged list multiplies what is below it by its page; a list without a page size (a
      // connection without first/last, a set-returning function) by the 500-row cap.
      const named = type ? (getNamedType(type) as GraphQLObjectType) : undefined;
      const unpagedList =
        /Connection$/.test(named?.name ?? '') ||
        (type !== undefined && isListType(type) && !/Connection$/.test(parent?.name ?? ''));
      const unpagedRows = depth === 0 ? MAX_PAGE_SIZE : nestedUnpagedRows;
      const childRows =
        size !== undefined ? rows * Math.max(size, 1) : unpagedList ? rows * unpagedRows : rows;
      walk(selection.selectionSet, named, childRows, seen, depth + 1);
    }
  };
  walk(operation.selectionSet, root, 1, new Set(), 0);
  return result;
}

/** The refusal of a request over the limits, or undefined when it may run. */
export function costRefusal(cost: QueryCost): GraphQLError | undefined {
  if (cost.fields > MAX_FIELDS || cost.cost > MAX_COST) {
    return new GraphQLError(
      `The request asks for too much at once (${cost.fields} fields, cost ${cost.cost}; at most ${MAX_FIELDS} fields and cost ${MAX_COST}). Ask for fewer rows or fields.`,
      { extensions: { code: 'QueryTooComplex', fields: cost.fields, cost: cost.cost } },
    );
  }
  return undefined;
}

/**
 * An account whose request was refused for its cost is held off for a moment: its GraphQL requests
 * are answered with TooManyLargeRequests before their bodies are read (see app.ts), after a short
 * delay, so a client that repeats an over-limit request costs the server next to nothing.
 */
export const COOL_DOWN_MS = 3000;
const coolingDown = new Map<string, number>();

export function coolDownLeft(account: string): number {
  const until = coolingDown.get(account);
  if (until === undefined) return 0;
  const left = until - Date.now();
  if (left <= 0) coolingDown.delete(account);
  return Math.max(left, 0);
}

function startCoolDown(account: string) {
  if (coolingDown.size > 10_000) coolingDown.clear();
  coolingDown.set(account, Date.now() + COOL_DOWN_MS);
}

/** Who a request counts against: its account, or its address when anonymous. */
export function requestAccount(accountId: string | undefined, clientAddress: string): string {
  return accountId ?? `anonymous:${clientAddress}`;
}

const heavyInFlight = new Map<string, number>();

/** The largest page size any list of the document names (all its operations). */
export function largestPage(document: DocumentNode, variables: Record<string, unknown>): number {
  let largest = 0;
  visit(document, {
    Field(field) {
      largest = Math.max(largest, pageSize(field, variables) ?? 0);
    },
  });
  return largest;
}

/** Whether an operation is heavy (runs within the server's heavy budget). */
export function isHeavy(cost: Pick<MeasuredCost, 'weight' | 'largestPage'>): boolean {
  return cost.weight > HEAVY_WEIGHT || cost.largestPage > HEAVY_PAGE;
}

/**
 * Runs a request, counting it as one of the account's heavy requests when it is heavy; refuses a
 * third at once. A heavy request then waits for its turn in the server's budget, when given.
 */
export async function withHeavyLimit<T>(
  account: string,
  cost: MeasuredCost,
  run: () => T | Promise<T>,
  refuse: (error: GraphQLError) => T,
  budget?: HeavyBudget,
): Promise<T> {
  if (!isHeavy(cost)) return run();
  const running = heavyInFlight.get(account) ?? 0;
  if (running >= MAX_HEAVY_PER_ACCOUNT) {
    return refuse(
      new GraphQLError(
        `At most ${MAX_HEAVY_PER_ACCOUNT} large requests may run at once. Try again in a moment.`,
        { extensions: { code: 'TooManyLargeRequests' } },
      ),
    );
  }
  heavyInFlight.set(account, running + 1);
  try {
    return await (budget ? budget.run(account, run, refuse) : run());
  } finally {
    const left = (heavyInFlight.get(account) ?? 1) - 1;
    if (left > 0) heavyInFlight.set(account, left);
    else heavyInFlight.delete(account);
  }
}

/** Where heavy operations run (docs/operations.md "Heavy operations"). */
export interface HeavyRoute {
  budget: HeavyBudget;
  /** A connection from the heavy operations' own pool, instead of the light ones'. */
  withPgClient?: Grafast.Context['withPgClient'];
  /** The statement timeout of a heavy operation's SQL (shorter than a light one's). */
  statementTimeout?: string;
  /** A connection from the light requests' pool (graphql/pg-client.ts), for every other one. */
  lightWithPgClient?: Grafast.Context['withPgClient'];
}

/**
 * The grafast middleware: measure each operation with its variables before it is planned, refuse
 * it when over the limits, hold an account to two heavy requests at a time, and run heavy ones
 * within the server's budget on their own connections.
 */
export function queryCostPlugin(heavy?: HeavyRoute): GraphileConfig.Plugin {
  return {
    name: 'LedgerlineQueryCostPlugin',
    version: '1.0.0',
    grafast: {
      middleware: {
        execute(next, event) {
          const { schema, document, operationName, variableValues, contextValue } = event.args;
          const cost = cachedQueryCost(
            schema,
            document,
            operationName,
            (variableValues ?? {}) as Record<string, unknown>,
          );
          const context = contextValue as Partial<Grafast.Context> | undefined;
          const account = requestAccount(
            context?.ledgerline?.claims?.accountId,
            context?.ledgerline?.clientAddress ?? 'unknown',
          );
          const refusal = costRefusal(cost);
          if (refusal) {
            startCoolDown(account);
            return { errors: [refusal] };
          }
          if (heavy?.lightWithPgClient && context) context.withPgClient = heavy.lightWithPgClient;
          if (heavy && context && isHeavy(cost)) {
            // Read by the SQL steps when they run, after this middleware.
            if (heavy.withPgClient) context.withPgClient = heavy.withPgClient;
            if (heavy.statementTimeout && context.pgSettings) {
              context.pgSettings = {
                ...context.pgSettings,
                statement_timeout: heavy.statementTimeout,
              };
            }
          }
          return withHeavyLimit(
            account,
            cost,
            next,
            (error) => ({ errors: [error] }),
            heavy?.budget,
          );
        },
      },
    },
  };
}
