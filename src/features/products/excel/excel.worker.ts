// Worker entry for the Excel import: reading and validating a large sheet
// off the main thread keeps the upload dialog's progress bar moving.
import { handleWorkerRequest, type ExcelWorkerRequest, type ExcelWorkerResponse } from './worker-protocol.ts'

type WorkerScope = {
  onmessage: ((event: MessageEvent<ExcelWorkerRequest>) => void) | null
  postMessage(message: ExcelWorkerResponse): void
}

const scope = self as unknown as WorkerScope

scope.onmessage = (event) => {
  void handleWorkerRequest(event.data, (response) => scope.postMessage(response))
}
