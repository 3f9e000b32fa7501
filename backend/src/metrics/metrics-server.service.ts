import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Environment } from '../config/environment.js';
import { Metrics } from './metrics.service.js';

/**
 * `GET /metrics` on METRICS_PORT (HOST's interface): a plain Node server of its own, not a
 * route of the API, so nginx, which proxies /api/ to PORT only, can never serve it. Started
 * with the app (a busy port stops the start, naming METRICS_PORT) and closed with it;
 * METRICS_PORT=0 starts nothing.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(MetricsServer.name);
  private readonly port: number;
  private readonly host: string;
  private server: Server | undefined;

  constructor(
    private readonly metrics: Metrics,
    config: ConfigService<Environment, true>,
  ) {
    this.port = config.get('METRICS_PORT', { infer: true });
    this.host = config.get('HOST', { infer: true });
  }

  /** Where it listens, or undefined when off. */
  address(): AddressInfo | undefined {
    return (this.server?.address() as AddressInfo | null) ?? undefined;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (this.port === 0) return;
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error) => reject(new Error(`METRICS_PORT ${this.port}: ${error.message}`)));
      server.listen(this.port, this.host, resolve);
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.host}:${this.port}/metrics`);
  }

  /** Closed at the app's close (the drain calls it last); a scrape in flight is cut, Prometheus tries again. */
  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeAllConnections();
    await closed;
  }

  /** The registry's text for `GET /metrics` (any query string ignored); 404 for anything else. */
  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found\n');
      return;
    }
    try {
      const text = await this.metrics.registry.metrics();
      res.writeHead(200, { 'Content-Type': this.metrics.registry.contentType }).end(text);
    } catch (error) {
      this.logger.warn(`metrics scrape failed: ${String(error)}`);
      res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('metrics unavailable\n');
    }
  }
}
