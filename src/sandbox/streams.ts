/** A child's output stream, kept up to a cap and redacted; the rest is read and dropped so it never blocks. */
import { redactSecrets } from '../text/redact.js'

/** Each stream keeps this much. */
export const MAX_STREAM_BYTES = 1_000_000

export class CappedStream {
  private readonly chunks: Buffer[] = []
  private kept = 0
  dropped = 0

  add(chunk: Buffer): void {
    const room = MAX_STREAM_BYTES - this.kept
    if (room > 0) {
      const part = chunk.length <= room ? chunk : chunk.subarray(0, room)
      this.chunks.push(part)
      this.kept += part.length
    }
    this.dropped += Math.max(0, chunk.length - Math.max(room, 0))
  }

  text(): string {
    return redactSecrets(Buffer.concat(this.chunks).toString('utf8'))
  }
}
