// The export's worker: builds the XLSX file off the main thread, so that a large export never
// freezes the tab.
import { buildXlsx, type XlsxInput } from './xlsx.ts';

// exceljs' setImmediate polyfill takes a scope without importScripts (a module worker) for a
// window and posts its ticks to the page, so the workbook never finishes: it has one here.
if (!('importScripts' in self))
  (self as unknown as { importScripts: () => void }).importScripts = () => {};

self.onmessage = async (event: MessageEvent<XlsxInput>) => {
  try {
    const buffer = await buildXlsx(event.data);
    (self as unknown as Worker).postMessage({ buffer }, [buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ error: String(error) });
  }
};
