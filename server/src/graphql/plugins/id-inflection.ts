/**
 * Primary keys keep their SQL name in GraphQL: `invoiceById(id: 1)`, `updateInvoiceById`, `id`
 * being the row id. The global Node identifier is called `nodeId`.
 */
export const IdInflectionPlugin: GraphileConfig.Plugin = {
  name: 'LedgerlineIdInflectionPlugin',
  version: '1.0.0',
  inflection: {
    replace: {
      _attributeName(previous, _options, details) {
        const name = previous!(details);
        return !details.skipRowId && details.attributeName === 'id' && name === 'row_id'
          ? 'id'
          : name;
      },
      nodeIdFieldName() {
        return 'nodeId';
      },
    },
  },
};
