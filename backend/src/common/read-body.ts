import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The request's body as it arrives, at most `limit` bytes: past it, the rest is read and dropped
 * (up to four times the limit, then the connection is cut) and the end throws 413, so that a
 * client that sends too much still reads why. A body cut short throws 413 as well. The next
 * chunk is read only when the caller asks for it, so the body is never held whole here.
 */
export async function* bodyChunks(req: Request, limit: number): AsyncGenerator<Buffer> {
  const tooLarge = () => new PayloadTooLargeException(`The message must be at most ${limit / 1024 / 1024} MB`);
  let size = 0;
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size <= limit) yield chunk;
      // Leaving the loop destroys the request: the connection is cut.
      else if (size > limit * 4) break;
    }
  } catch {
    // The client closed the connection before the body's end.
    throw tooLarge();
  }
  if (size > limit || !req.complete) throw tooLarge();
}

/** The request's body whole, at most `limit` bytes (as `bodyChunks`). */
export async function readBody(req: Request, limit: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of bodyChunks(req, limit)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
