// The browser's side of the export: the XLSX written in a Web Worker (xlsx.worker.ts), so that a
// large export never freezes the tab, and the file handed to the user.
import { saveFile } from '../save-file.ts';
import { buildExport, type ExportInput, type ExportResult } from './run.ts';
import type { XlsxInput } from './xlsx.ts';

/** The workbook's bytes, written in a worker. */
export async function xlsxInWorker(input: XlsxInput, signal?: AbortSignal): Promise<ArrayBuffer> {
  const worker = new Worker(new URL('./xlsx.worker.ts', import.meta.url), { type: 'module' });
  try {
    return await new Promise<ArrayBuffer>((resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason));
      worker.onmessage = (event: MessageEvent<{ buffer?: ArrayBuffer; error?: string }>) =>
        event.data.buffer ? resolve(event.data.buffer) : reject(new Error(event.data.error));
      worker.onerror = (event) => reject(new Error(event.message));
      worker.postMessage(input);
    });
  } finally {
    worker.terminate();
  }
}

/** Whether the XLSX is written in a worker (else on the page, between yields). */
const XLSX_IN_WORKER = true;

/** Builds the file (the XLSX in a worker) and hands it to the browser as a download. */
export async function runExport<Row>(input: ExportInput<Row>): Promise<ExportResult> {
  const result = await buildExport({
    writeXlsx: XLSX_IN_WORKER ? xlsxInWorker : undefined,
    ...input,
  });
  saveFile(result.blob, result.fileName);
  return result;
}
