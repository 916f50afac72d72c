import type { RecordKind } from '../../../api/cache.ts';
import {
  SearchClientsDocument,
  SearchCostTypesDocument,
  SearchCurrenciesDocument,
  SearchProjectsDocument,
  SearchScopesDocument,
  SearchServicesDocument,
  SearchSubsidiariesDocument,
  SearchSuppliersDocument,
  SearchUsersDocument,
  type ClientFilter,
  type CostTypeFilter,
  type ProjectFilter,
  type ServiceFilter,
  type SupplierFilter,
  type UserFilter,
} from '../../../api/generated.ts';
import type { GraphQLDocument } from '../../../api/transport.ts';
import i18next from 'i18next';
import { currencyName } from '../../../i18n/names.ts';

/** One choice of a search field: the value stored in the form and the text shown. */
export interface SearchOption {
  value: string;
  label: string;
  /** A second line (a scope's description, a user's username). */
  detail?: string;
}

interface TypedSource<R, V extends object> {
  /** The record kind it reads, so that a change of that kind refreshes the options. */
  reads: RecordKind;
  document: GraphQLDocument<R, V>;
  variables: (typed: string) => V;
  options: (data: R) => SearchOption[];
  /** Filter and sort on screen: the server can neither search nor sort by the name, and there
   *  are few (the group's subsidiaries). */
  onScreen?: boolean;
}

/** A source with its result type checked here and forgotten by the field that uses it. */
export type SearchSource = TypedSource<unknown, object>;

function source<R, V extends object>(typed: TypedSource<R, V>): SearchSource {
  return typed as unknown as SearchSource;
}

type Nodes<T> = { nodes: (T | null)[] } | null | undefined;

function present<T>(connection: Nodes<T>): T[] {
  return (connection?.nodes ?? []).filter((node): node is T => node !== null);
}

/** An ILIKE pattern for what was typed (its own % and _ taken literally); nothing typed: all. */
function likePattern(typed: string): string | undefined {
  const text = typed.trim();
  return text ? `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
}

/** The search goes to the server only with what was typed; nothing typed lists the first ones. */
function containing<F>(fields: (keyof F & string)[], typed: string): { filter?: F } {
  const text = typed.trim();
  if (!text) return {};
  return {
    filter: { or: fields.map((field) => ({ [field]: { includesInsensitive: text } })) } as F,
  };
}

/** Archived reference data (clients, suppliers, projects, services, cost types) is not offered. */
function live<F>(variables: { filter?: F }): { filter: F } {
  const notArchived = { isArchived: { equalTo: false } };
  return {
    filter: (variables.filter ? { and: [notArchived, variables.filter] } : notArchived) as F,
  };
}

type Company = { id: string; legalName: string; shortName?: string | null };

const company = (node: Company): SearchOption => ({
  value: node.id,
  label: node.shortName ? `${node.shortName} (${node.legalName})` : node.legalName,
});

/** What each search field asks the server (SPEC §9: currencies and scopes at most 25). */
export const SEARCH_SOURCES = {
  client: source({
    reads: 'Company',
    document: SearchClientsDocument,
    variables: (typed) => live(containing<ClientFilter>(['legalName', 'shortName'], typed)),
    options: (data) => present<Company>(data.allClients).map(company),
  }),
  supplier: source({
    reads: 'Company',
    document: SearchSuppliersDocument,
    variables: (typed) => live(containing<SupplierFilter>(['legalName', 'shortName'], typed)),
    options: (data) => present<Company>(data.allSuppliers).map(company),
  }),
  subsidiary: source({
    reads: 'Company',
    document: SearchSubsidiariesDocument,
    variables: () => ({}),
    options: (data) => present<Company>(data.allSubsidiaries).map(company),
    onScreen: true,
  }),
  project: source({
    reads: 'Project',
    document: SearchProjectsDocument,
    variables: (typed) => live(containing<ProjectFilter>(['name', 'accessKey'], typed)),
    options: (data) =>
      present<{ id: string; name: string; accessKey: string }>(data.allProjects).map((node) => ({
        value: node.id,
        label: node.name,
        detail: node.accessKey,
      })),
  }),
  service: source({
    reads: 'Service',
    document: SearchServicesDocument,
    variables: (typed) => live(containing<ServiceFilter>(['name'], typed)),
    options: (data) =>
      present<{ id: string; name: string }>(data.allServices).map((node) => ({
        value: node.id,
        label: node.name,
      })),
  }),
  costType: source({
    reads: 'CostType',
    document: SearchCostTypesDocument,
    variables: (typed) => live(containing<CostTypeFilter>(['name'], typed)),
    options: (data) =>
      present<{ id: string; name: string }>(data.allCostTypes).map((node) => ({
        value: node.id,
        label: node.name,
      })),
  }),
  user: source({
    reads: 'User',
    document: SearchUsersDocument,
    variables: (typed) => containing<UserFilter>(['lastName', 'username'], typed),
    options: (data) =>
      present<{ id: string; displayName: string | null; username: string | null }>(
        data.allUsers,
      ).map((node) => ({
        value: node.id,
        label: node.displayName ?? node.username ?? node.id,
        detail: node.username ?? undefined,
      })),
  }),
  currency: source({
    reads: 'Currency',
    document: SearchCurrenciesDocument,
    variables: (typed) => ({ pattern: likePattern(typed) }),
    options: (data) =>
      present<{ value: string; name: string }>(data.searchCurrencies).map((node) => ({
        value: node.value,
        label: node.value,
        detail: currencyName(node.value, i18next.language, node.name),
      })),
  }),
  scope: source({
    reads: 'Role',
    document: SearchScopesDocument,
    variables: (typed) => ({ pattern: likePattern(typed) }),
    options: (data) =>
      present<{ name: string; description: string }>(data.searchScopes).map((node) => ({
        value: node.name,
        label: node.name,
        detail: node.description,
      })),
  }),
} satisfies Record<string, SearchSource>;

export type SearchKind = keyof typeof SEARCH_SOURCES;
