import { PayloadTooLargeException } from '@nestjs/common';
import type { Request } from 'express';

/**
 * The request's body, at most `limit` bytes: past it, the rest is read and dropped (up to
 * four times the limit, then the connection is cut) and the answer is 413, so that a client
 * that sends too much still reads why.
 */
export function readBody(req: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => new PayloadTooLargeException(`The message must be at most ${limit / 1024 / 1024} MB`);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > limit * 4) req.destroy();
    });
    req.on('end', () => (size > limit ? reject(tooLarge()) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(tooLarge());
    });
  });
}
