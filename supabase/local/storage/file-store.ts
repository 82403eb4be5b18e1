// The bytes of stored objects under the stack's storage directory. Uploads
// are written to `.uploads/` first and renamed into place only once their
// metadata row is written, and a replaced or deleted version is removed only
// after the transaction that dropped its row has committed, so a file that a
// committed row points to is never missing or half-written.
import { randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { copyFile, link, mkdir, readdir, rename, rmdir, stat, unlink } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { UPLOADS_DIR, versionFile } from './keys.ts'

export type StoredVersion = { bucket: string; name: string; version: string | null }

export class FileStore {
  constructor(readonly root: string) {}

  /** A fresh path for an upload in progress. */
  async tempFile(): Promise<string> {
    const dir = path.join(this.root, UPLOADS_DIR)
    await mkdir(dir, { recursive: true })
    return path.join(dir, randomUUID())
  }

  /** Moves a finished upload to its version's place; returns where it went. */
  async place(temp: string, bucket: string, name: string, version: string): Promise<string> {
    const target = versionFile(this.root, bucket, name, version)!
    // A concurrent delete may prune the freshly made directory: make it again.
    for (let attempt = 0; ; attempt++) {
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(temp, target)
        return target
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'ENOENT' || attempt >= 3) throw e
      }
    }
  }

  /** A temporary copy of a stored version (copy and move); a hard link when the filesystem allows. Null when its bytes are gone. */
  async copyToTemp(from: StoredVersion): Promise<string | null> {
    const source = this.path(from)
    if (!source) return null
    const temp = await this.tempFile()
    try {
      await link(source, temp)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
      try {
        await copyFile(source, temp)
      } catch (e2) {
        if ((e2 as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw e2
      }
    }
    return temp
  }

  path(v: StoredVersion): string | null {
    try {
      return versionFile(this.root, v.bucket, v.name, v.version)
    } catch {
      // A row written by hand with a name no upload could have: it has no bytes here.
      return null
    }
  }

  async open(v: StoredVersion, range?: { start: number; end: number }): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null> {
    const file = this.path(v)
    if (!file) return null
    try {
      const { size } = await stat(file)
      const nodeStream = createReadStream(file, range ? { start: range.start, end: range.end } : {})
      // Opening is lazy: wait for it, so a file removed meanwhile is a miss rather than a broken body.
      await new Promise<void>((resolve, reject) => {
        nodeStream.once('open', () => resolve())
        nodeStream.once('error', reject)
      })
      return { body: Readable.toWeb(nodeStream) as ReadableStream<Uint8Array>, size }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') return null
      throw e
    }
  }

  async size(v: StoredVersion): Promise<number | null> {
    const file = this.path(v)
    if (!file) return null
    try {
      return (await stat(file)).size
    } catch {
      return null
    }
  }

  /** Removes versions whose rows are gone, then the directories they leave empty. */
  async remove(versions: StoredVersion[]): Promise<void> {
    for (const v of versions) {
      const file = this.path(v)
      if (!file) continue
      await unlink(file).catch(() => undefined)
      await this.prune(path.dirname(file), path.join(this.root, v.bucket))
    }
  }

  /** Drops uploads left behind by a process that stopped mid-upload. */
  async sweepUploads(olderThanMs: number): Promise<void> {
    const dir = path.join(this.root, UPLOADS_DIR)
    const names = await readdir(dir).catch(() => [] as string[])
    const cutoff = Date.now() - olderThanMs
    for (const name of names) {
      const file = path.join(dir, name)
      const info = await stat(file).catch(() => null)
      if (info && info.mtimeMs < cutoff) await unlink(file).catch(() => undefined)
    }
  }

  async discard(file: string | undefined): Promise<void> {
    if (file) await unlink(file).catch(() => undefined)
  }

  private async prune(dir: string, stopAt: string): Promise<void> {
    for (let d = dir; d.startsWith(stopAt + path.sep); d = path.dirname(d)) {
      try {
        await rmdir(d)
      } catch {
        return
      }
    }
  }
}
