// The export's worker: builds the XLSX file off the main thread, so that a large export never
// freezes the tab.
import { buildXlsx, type XlsxInput } from './xlsx.ts';

self.onmessage = async (event: MessageEvent<XlsxInput>) => {
  try {
    const buffer = await buildXlsx(event.data);
    (self as unknown as Worker).postMessage({ buffer }, [buffer]);
  } catch (error) {
    (self as unknown as Worker).postMessage({ error: String(error) });
  }
};
