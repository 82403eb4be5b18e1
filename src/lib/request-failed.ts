// How a read or write through the data API fails, whichever feature made it:
// one error saying what failed ("reading the services failed"), with
// supabase-js's error as its cause, whose code decides whether a read is
// tried again (query-client.ts) and which refusal it was (a feature's
// messages). Macro-free, so unit tests may import it.

export class RequestFailed extends Error {
  /** `what`: the request as the logs name it, "reading the services". */
  constructor(what: string, cause: unknown) {
    super(`${what} failed`, { cause })
    this.name = 'RequestFailed'
  }
}
