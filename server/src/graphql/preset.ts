import { PgSimplifyInflectionPreset } from '@graphile/simplify-inflection';
import { PostGraphileConnectionFilterPreset } from 'postgraphile-plugin-connection-filter';
import type pg from 'pg';
import { makePgService } from 'postgraphile/adaptors/pg';
import { PostGraphileAmberPreset } from 'postgraphile/presets/amber';
import type { AuthService } from '../auth/service.ts';
import { requestContext } from './context.ts';
import { maskError } from './errors.ts';
import { AuthPlugin } from './plugins/auth.ts';
import { CappedCountPlugin } from './plugins/capped-count.ts';
import { IdInflectionPlugin } from './plugins/id-inflection.ts';
import { InvoiceCostViewPlugin } from './plugins/invoice-cost-view.ts';
import { OrderByNullsPlugin } from './plugins/order-by-nulls.ts';
import { OutstandingTotalPlugin } from './plugins/outstanding-total.ts';
import { PageSizeCapPlugin } from './plugins/page-size-cap.ts';
import { queryCostPlugin, type HeavyRoute } from './plugins/query-cost.ts';
import { UpdateRefusalPlugin } from './plugins/refusals.ts';
import { UserDetailsPlugin } from './plugins/user-details.ts';
import { validationRulesPlugin } from './plugins/validation-rules.ts';
import { trustedDocumentsPlugin } from './trusted-documents.ts';

/** Largest GraphQL request body accepted, in bytes. */
export const MAX_REQUEST_BYTES = 100_000;

export interface PresetOptions {
  /** Connections as the authenticator role, which becomes the visitor per request: a pool the
   * caller owns (the server's), or a connection string for a pool of PostGraphile's own. */
  pool?: pg.Pool;
  connectionString?: string;
  production: boolean;
  /** Outside production, responses may carry the SQL and plans (GRAPHQL_EXPLAIN). */
  explain?: boolean;
  auth: AuthService;
  /** Documents a request may name by `documentId` (trusted-documents.ts); with `only`, nothing
   * else runs. Without it, requests send their text. */
  trustedDocuments?: { documents: ReadonlyMap<string, string>; only: boolean };
  /** The budget, pool and timeout of heavy operations (plugins/query-cost.ts); without it they
   * run as light ones do, but for the limit of two per account. */
  heavy?: HeavyRoute;
}

/** The whole GraphQL API: generated from the app_public schema plus the auth mutations. */
export function makePreset({
  pool,
  connectionString,
  production,
  explain = false,
  auth,
  trustedDocuments,
  heavy,
}: PresetOptions): GraphileConfig.Preset {
  return {
    extends: [
      PostGraphileAmberPreset,
      PgSimplifyInflectionPreset,
      PostGraphileConnectionFilterPreset,
    ],
    plugins: [
      CappedCountPlugin,
      IdInflectionPlugin,
      InvoiceCostViewPlugin,
      OrderByNullsPlugin,
      OutstandingTotalPlugin,
      PageSizeCapPlugin,
      queryCostPlugin(heavy),
      UpdateRefusalPlugin,
      UserDetailsPlugin,
      validationRulesPlugin(production),
      AuthPlugin,
      ...(trustedDocuments
        ? [trustedDocumentsPlugin(trustedDocuments.documents, trustedDocuments.only)]
        : []),
    ],
    pgServices: [
      makePgService({
        ...(pool ? { pool } : { connectionString, poolConfig: { max: 20 } }),
        schemas: ['app_public'],
        pubsub: false,
      }),
    ],
    schema: {
      // Rows are changed by their keys (updateInvoiceById); the Relay node-id variants add nothing
      // but a second way, whose unknown ids answered null instead of an error.
      defaultBehavior: '-nodeId:resource:update -nodeId:resource:delete',
      // Relations read naturally (invoice.supplier, invoice.costs); lists stay allX, rows xById.
      pgSimplifyAllRows: false,
      pgShortPk: false,
      pgOmitListSuffix: false,
      connectionFilterRelations: false,
      connectionFilterComputedColumns: false,
      connectionFilterSetofFunctions: false,
      connectionFilterAllowNullInput: false,
      connectionFilterAllowEmptyObjectInput: true,
    },
    grafserv: {
      graphqlPath: '/graphql',
      graphiql: !production,
      graphiqlOnGraphQLGET: !production,
      graphiqlPath: '/graphiql',
      graphqlOverGET: true,
      maxRequestLength: MAX_REQUEST_BYTES,
      // Parsed and validated documents are kept by their text; room for every trusted one.
      parseAndValidateCacheSize: Math.max(500, trustedDocuments?.documents.size ?? 0),
      websockets: false,
      // Grafast writes the JSON of the data itself, instead of building objects for
      // JSON.stringify (app.ts reads the answer as a buffer).
      outputDataAsString: true,
      maskError,
    },
    grafast: {
      explain: !production && explain,
      context(ctx) {
        return requestContext(ctx.fastifyv5?.request, auth);
      },
    },
  };
}
