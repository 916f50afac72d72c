import { defaultMaskError } from 'postgraphile/grafserv';
import { GraphQLError } from 'postgraphile/graphql';
import { AppError } from '../errors.ts';

/** What a violated constraint means to a user: a stable code and a message (docs/errors.md). */
export const CONSTRAINT_MESSAGES: Record<string, { code: string; message: string }> = {
  invoices_due_date_not_before_invoice_date: {
    code: 'DueDateBeforeInvoiceDate',
    message: 'The due date cannot be earlier than the invoice date.',
  },
  bills_due_date_not_before_invoice_date: {
    code: 'DueDateBeforeInvoiceDate',
    message: 'The due date cannot be earlier than the invoice date.',
  },
  invoices_period_order: {
    code: 'PeriodEndBeforeStart',
    message: 'The period end cannot be earlier than its start.',
  },
  bills_vat_range: { code: 'VatOutOfRange', message: 'VAT must be above 0 and at most 100.' },
  costs_vat_range: { code: 'VatOutOfRange', message: 'VAT must be above 0 and at most 100.' },
  bills_period_month: {
    code: 'InvalidPeriod',
    message: 'The period must be a month from 1 to 12.',
  },
  costs_period_month: {
    code: 'InvalidPeriod',
    message: 'The period must be a month from 1 to 12.',
  },
  documents_expiration_not_before_signing: {
    code: 'ExpirationBeforeSigning',
    message: 'The expiration date cannot be earlier than the signing date.',
  },
  clients_tax_id_format: {
    code: 'InvalidTaxId',
    message: 'The tax id (ИНН) must be 10 or 12 digits.',
  },
  clients_tax_id_checksum: {
    code: 'TaxIdChecksum',
    message: 'The tax id (ИНН) has a wrong check digit.',
  },
  clients_tax_reason_code_format: {
    code: 'InvalidTaxReasonCode',
    message:
      'The tax reason code (КПП) must be 9 characters: 4 digits, 2 digits or capital letters, 3 digits.',
  },
  clients_registration_number_format: {
    code: 'InvalidRegistrationNumber',
    message: 'The registration number must be 13 digits (ОГРН) or 15 (ОГРНИП).',
  },
  clients_registration_number_checksum: {
    code: 'RegistrationNumberChecksum',
    message: 'The registration number (ОГРН or ОГРНИП) has a wrong check digit.',
  },
  clients_tax_id_unique: {
    code: 'TaxIdTaken',
    message: 'Another company already has this tax id.',
  },
  suppliers_tax_id_unique: {
    code: 'TaxIdTaken',
    message: 'Another company already has this tax id.',
  },
  suppliers_tax_id_valid: {
    code: 'InvalidSupplierTaxId',
    message:
      "The tax id does not fit the country: an ИНН with valid check digits for Russia, the VAT number in its country's format in Europe (e.g. DE123456789).",
  },
  clients_country_fkey: { code: 'UnknownCountry', message: 'Choose a country from the list.' },
  suppliers_country_fkey: { code: 'UnknownCountry', message: 'Choose a country from the list.' },
  subsidiaries_country_fkey: { code: 'UnknownCountry', message: 'Choose a country from the list.' },
  projects_access_key_words: {
    code: 'InvalidAccessKey',
    message:
      'The access key is words of Latin letters, digits and underscore joined by single dots (e.g. ops.platform).',
  },
  roles_name_unique_ci: {
    code: 'RoleNameTaken',
    message: 'A role with this name already exists.',
  },
  documents_contract_number_not_blank: {
    code: 'ContractNumberBlank',
    message: 'The contract number cannot be blank.',
  },
  documents_terminated_not_before_signing: {
    code: 'TerminationBeforeSigning',
    message: 'The termination date cannot be earlier than the signing date.',
  },
  subsidiaries_country_required: { code: 'CountryRequired', message: 'Country is required.' },
  suppliers_country_required: { code: 'CountryRequired', message: 'Country is required.' },
  projects_access_key_format: {
    code: 'InvalidAccessKey',
    message: 'The access key allows only Latin letters, digits, underscore and dot.',
  },
  projects_access_key_unique: {
    code: 'AccessKeyTaken',
    message: 'Another project already has this access key.',
  },
  accounts_access_pattern_valid: {
    code: 'InvalidAccessToken',
    message: 'Invalid project access token.',
  },
  roles_name_unique: { code: 'RoleNameTaken', message: 'A role with this name already exists.' },
  cost_types_name_unique: {
    code: 'NameTaken',
    message: 'A cost type with this name already exists.',
  },
  services_name_unique: { code: 'NameTaken', message: 'A service with this name already exists.' },
  projects_name_unique: { code: 'NameTaken', message: 'A project with this name already exists.' },
  users_username_key: { code: 'UsernameTaken', message: 'This username is already taken.' },
  invoices_paid_not_above_amount: {
    code: 'PaymentsExceedAmount',
    message: 'The payments would be more than the amount. Delete a payment first.',
  },
  bills_paid_not_above_amount: {
    code: 'PaymentsExceedAmount',
    message: 'The payments would be more than the amount. Delete a payment first.',
  },
  payments_amount_positive: { code: 'InvalidAmount', message: 'The amount must be above 0.' },
  payments_single_owner: {
    code: 'PaymentOwner',
    message: 'A payment belongs to one invoice or one bill.',
  },
};

interface PgError extends Error {
  code?: string;
  constraint?: string;
  hint?: string;
  detail?: string;
  table?: string;
}

function withCode(
  error: GraphQLError,
  code: string,
  message: string,
  extra?: object,
): GraphQLError {
  return new GraphQLError(message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions: { ...extra, code },
  });
}

/** What a PostgreSQL error means to a user, or undefined when it must stay masked. */
function describePgError(error: PgError): { code: string; message: string } | undefined {
  const { code, constraint } = error;
  if (!code) return undefined;
  if (code.startsWith('LL')) {
    // Raised by our SQL functions: the message is for people, the hint is the stable code.
    return { code: error.hint || 'BusinessRule', message: error.message };
  }
  if (constraint && CONSTRAINT_MESSAGES[constraint] && code.startsWith('23')) {
    return CONSTRAINT_MESSAGES[constraint];
  }
  switch (code) {
    case '23001': // restrict_violation: a row still refers to it
      return { code: 'IsConstraintViolation', message: 'Other entities depend on it.' };
    case '23503':
      return /^update or delete on table/.test(error.message)
        ? { code: 'IsConstraintViolation', message: 'Other entities depend on it.' }
        : { code: 'ReferenceNotFound', message: 'A record this refers to does not exist.' };
    case '23505':
      return { code: 'AlreadyExists', message: 'Such a record already exists.' };
    case '23502':
      return { code: 'FieldRequired', message: 'Field is required' };
    case '23514':
      return constraint?.endsWith('_required')
        ? { code: 'FieldRequired', message: 'Field is required' }
        : { code: 'InvalidInput', message: 'The value is not allowed.' };
    case '42501':
      return { code: 'Forbidden', message: "You don't have the permission for this action." };
    case '22P02':
    case '22007':
    case '22008':
      return { code: 'InvalidInput', message: 'A value has the wrong format.' };
    case '22003':
      return { code: 'InvalidInput', message: 'A number is out of range.' };
    case '40P01': // deadlock: PostgreSQL refused one of two writers waiting on each other
    case '40001':
      return {
        code: 'ConcurrentChange',
        message: 'Someone changed the same record at the same time. Try again.',
      };
    case '57014':
      return { code: 'Timeout', message: 'The request took too long and was stopped.' };
    default:
      return undefined;
  }
}

/**
 * Errors reaching the client carry `extensions.code`. Our own errors and known database errors
 * are translated; anything else is masked (logged on the server with an id the client sees).
 */
export function maskError(error: GraphQLError): GraphQLError {
  const original = error.originalError;
  if (original instanceof AppError) {
    return withCode(error, original.code, original.message, original.details);
  }
  if (original && / are forbidden in filter argument input\.$/.test(original.message)) {
    return withCode(error, 'InvalidFilter', original.message);
  }
  if (original && /^No values were deleted in collection /.test(original.message)) {
    return withCode(
      error,
      'RecordNotFound',
      "The record was not found or you don't have access to it.",
    );
  }
  if (
    original &&
    original.message === 'Attempted to update a record, but no new values were specified.'
  ) {
    return withCode(error, 'NoChanges', 'No changes found. Do not update.');
  }
  if (original) {
    const described = describePgError(original as PgError);
    if (described) return withCode(error, described.code, described.message);
  }
  return defaultMaskError(error);
}
