// The Deno global as edge functions use it, for type-checking them with the
// project's tsc (Node types). `deno check` uses Deno's own, complete types.
type DenoServeHandlerInfo = {
  remoteAddr: { transport: 'tcp'; hostname: string; port: number }
  completed: Promise<void>
}
type DenoServeHandler = (req: Request, info: DenoServeHandlerInfo) => Response | Promise<Response>
type DenoServeOptions = { port?: number; hostname?: string; signal?: AbortSignal; onListen?: (addr: unknown) => void }

declare global {
  const Deno: {
    serve(handler: DenoServeHandler): unknown
    serve(options: DenoServeOptions, handler: DenoServeHandler): unknown
    serve(options: DenoServeOptions & { handler: DenoServeHandler }): unknown
    env: {
      get(name: string): string | undefined
      set(name: string, value: string): void
      delete(name: string): void
      has(name: string): boolean
      toObject(): Record<string, string>
    }
  }
}

export {}
