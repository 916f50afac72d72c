import { makeSchema } from 'postgraphile';
import { lexicographicSortSchema, printSchema } from 'postgraphile/graphql';
import type { AuthService } from '../auth/service.ts';
import { makePreset } from './preset.ts';

/** The API as sorted SDL: what schema.graphql holds. */
export async function sortedSchemaSDL(
  connectionString: string,
  auth: AuthService,
): Promise<string> {
  const { schema, resolvedPreset } = await makeSchema(
    makePreset({ connectionString, production: false, auth }),
  );
  await Promise.all((resolvedPreset.pgServices ?? []).map((service) => service.release?.()));
  return printSchema(lexicographicSortSchema(schema)) + '\n';
}

export const SCHEMA_FILE = new URL('../../../schema.graphql', import.meta.url);
