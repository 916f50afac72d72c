import { api } from '../../app/services.ts';
import { ApiError } from '../../api/client.ts';

export const STATEMENT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** The CSV column mapping a bank account keeps (server/src/banking/csv.ts). */
export interface CsvMapping {
  delimiter: string;
  decimalSeparator: string;
  dateFormat: string;
  bookingDate: string;
  valueDate: string;
  amount: string;
  counterpartyName: string;
  counterpartyIban: string;
  remittance: string;
  reference: string;
  balance: string;
}

export const EMPTY_MAPPING: CsvMapping = {
  delimiter: ';',
  decimalSeparator: ',',
  dateFormat: 'DD.MM.YYYY',
  bookingDate: '',
  valueDate: '',
  amount: '',
  counterpartyName: '',
  counterpartyIban: '',
  remittance: '',
  reference: '',
  balance: '',
};

/** The saved mapping of an account, over the empty one. */
export function mappingOf(saved: unknown): CsvMapping {
  const known = saved && typeof saved === 'object' ? (saved as Partial<CsvMapping>) : {};
  return { ...EMPTY_MAPPING, ...known };
}

export interface ImportRequest {
  bankAccountId: string;
  format: StatementFormat;
  file: File;
  mapping?: CsvMapping;
  statementId?: string;
  openingBalance?: string;
  closingBalance?: string;
}

/**
 * Sends a statement file to the import (POST /api/banking/statements); the server's refusal comes
 * back as an ApiError with its code, and the line or difference it names in the details.
 */
export async function importStatement(
  request: ImportRequest,
): Promise<{ statementId: string; lineCount: number }> {
  const form = new FormData();
  form.append('bankAccountId', request.bankAccountId);
  form.append('format', request.format);
  if (request.format === 'csv' && request.mapping)
    form.append('mapping', JSON.stringify(request.mapping));
  if (request.statementId) form.append('statementId', request.statementId);
  if (request.openingBalance) form.append('openingBalance', request.openingBalance);
  if (request.closingBalance) form.append('closingBalance', request.closingBalance);
  form.append('file', request.file, request.file.name);
  let response: Response;
  try {
    response = await api.authorizedFetch('/api/banking/statements', { method: 'POST', body: form });
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError('network', 'NetworkError', 'Request failed due to a network error.');
  }
  const body = (await response.json().catch(() => ({ error: true }))) as {
    error?: boolean;
    code?: string;
    message?: string;
    line?: number;
    data?: { statementId: string; lineCount: number };
  };
  if (!response.ok || body.error || !body.data) {
    const difference = /a difference of (-?[\d.]+)/.exec(body.message ?? '')?.[1];
    throw new ApiError('http', body.code ?? 'BadRequest', body.message ?? response.statusText, {
      line: body.line,
      difference,
      detail: body.message,
    });
  }
  return body.data;
}
