import {
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  type ASTNode,
  type FragmentDefinitionNode,
  type ValidationRule,
} from 'postgraphile/graphql';

/** The deepest selection a query may have (a list's `nodes` counts as one level). */
export const MAX_QUERY_DEPTH = 10;

function depthOf(
  node: ASTNode,
  fragments: Record<string, FragmentDefinitionNode>,
  seen: Set<string>,
): number {
  if (node.kind === Kind.FIELD) {
    if (node.name.value.startsWith('__')) return 0; // introspection is limited separately
    return node.selectionSet ? 1 + depthOf(node.selectionSet, fragments, seen) : 1;
  }
  if (node.kind === Kind.SELECTION_SET) {
    return Math.max(0, ...node.selections.map((child) => depthOf(child, fragments, seen)));
  }
  if (node.kind === Kind.INLINE_FRAGMENT || node.kind === Kind.OPERATION_DEFINITION) {
    return depthOf(node.selectionSet, fragments, seen);
  }
  if (node.kind === Kind.FRAGMENT_SPREAD) {
    const name = node.name.value;
    const fragment = fragments[name];
    if (!fragment || seen.has(name)) return 0;
    return depthOf(fragment.selectionSet, fragments, new Set([...seen, name]));
  }
  return 0;
}

/** Refuses operations nested deeper than `max` fields. */
export function depthLimitRule(max: number): ValidationRule {
  return (context) => {
    const fragments: Record<string, FragmentDefinitionNode> = {};
    for (const definition of context.getDocument().definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments[definition.name.value] = definition;
    }
    return {
      OperationDefinition(operation) {
        const depth = depthOf(operation, fragments, new Set());
        if (depth > max) {
          context.reportError(
            new GraphQLError(
              `The query is nested ${depth} levels deep; at most ${max} are allowed.`,
              {
                nodes: [operation],
                extensions: { code: 'QueryTooDeep' },
              },
            ),
          );
        }
      },
    };
  };
}

/** Depth limit always; no introspection in production. */
export function validationRulesPlugin(production: boolean): GraphileConfig.Plugin {
  return {
    name: 'LedgerlineValidationRulesPlugin',
    version: '1.0.0',
    grafserv: {
      middleware: {
        setPreset(next, event) {
          event.validationRules.push(depthLimitRule(MAX_QUERY_DEPTH));
          if (production) event.validationRules.push(NoSchemaIntrospectionCustomRule);
          return next();
        },
      },
    },
  };
}
