import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { AggregatorRegistry, type RegistryContentType } from 'prom-client';
import type { Config } from '../config.js';
import { registry } from './metrics.js';

export interface MetricsText {
  text: string;
  contentType: string;
}

/** A worker's question to the primary, and its answer (apart from the bus's messages). */
interface MetricsMessage {
  schoolMetrics: 'ask' | 'answer';
  id: string;
  text?: string;
  error?: string;
}

const isMetricsMessage = (message: unknown): message is MetricsMessage =>
  typeof message === 'object' &&
  message !== null &&
  typeof (message as MetricsMessage).schoolMetrics === 'string';

/** How long a worker waits for the primary's sum (prom-client waits 5 s for each worker). */
const ASK_TIMEOUT_MS = 10_000;
const CONTENT_TYPE = registry.contentType;

/** The worker's side: pending questions to the primary, by id. */
const pending = new Map<string, (answer: MetricsMessage) => void>();
let listening = false;

function askPrimary(): Promise<MetricsText> {
  if (!listening) {
    listening = true;
    process.on('message', (message: unknown) => {
      if (isMetricsMessage(message) && message.schoolMetrics === 'answer')
        pending.get(message.id)?.(message);
    });
  }
  const id = randomUUID();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      reject(new Error('the primary did not answer with the metrics'));
    }, ASK_TIMEOUT_MS);
    pending.set(id, (answer) => {
      clearTimeout(timer);
      pending.delete(id);
      if (answer.error !== undefined || answer.text === undefined)
        reject(new Error(answer.error ?? 'no metrics'));
      else resolve({ text: answer.text, contentType: CONTENT_TYPE });
    });
    process.send!({ schoolMetrics: 'ask', id } satisfies MetricsMessage);
  });
}

let workerSide: AggregatorRegistry<RegistryContentType> | undefined;
/**
 * In a cluster worker: answers the primary's requests for this process's registry.
 * prom-client listens for them once an AggregatorRegistry is made in the process.
 */
export function answerPrimaryMetrics(): void {
  if (cluster.isWorker) workerSide ??= new AggregatorRegistry();
}

/**
 * The metrics as Prometheus reads them: this process's registry, or in a cluster worker the
 * sum over every worker, which only the primary can gather (prom-client's AggregatorRegistry).
 */
export async function metricsText(): Promise<MetricsText> {
  if (cluster.isWorker) return askPrimary();
  return { text: await registry.metrics(), contentType: CONTENT_TYPE };
}

/**
 * The metrics on their own port (METRICS_PORT, on METRICS_HOST: 127.0.0.1 unless set), no
 * token: only what can reach that address can read them. Resolves once listening, with its close.
 */
export async function serveMetricsPort(
  config: Pick<Config, 'metricsPort' | 'metricsHost' | 'metricsPath'>,
  source: () => Promise<MetricsText>,
): Promise<() => Promise<void>> {
  const server = http.createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?')[0];
    if ((req.method !== 'GET' && req.method !== 'HEAD') || pathname !== config.metricsPath) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n');
      return;
    }
    source().then(
      ({ text, contentType }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: Error) => {
        res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`metrics unavailable: ${err.message}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.metricsPort, config.metricsHost, () => resolve());
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

/**
 * The primary's part (main.ts, with several workers): sums every worker's metrics for a
 * worker asked on the public port (METRICS_TOKEN), and serves METRICS_PORT itself.
 */
export async function serveClusterMetrics(
  config: Pick<Config, 'metricsPort' | 'metricsHost' | 'metricsPath' | 'metricsToken'>,
): Promise<void> {
  if (!config.metricsPort && !config.metricsToken) return;
  const aggregator = new AggregatorRegistry();
  const gather = async (): Promise<MetricsText> => ({
    text: await aggregator.clusterMetrics(),
    contentType: aggregator.contentType,
  });
  cluster.on('message', (worker, message: unknown) => {
    if (!isMetricsMessage(message) || message.schoolMetrics !== 'ask') return;
    const reply = (answer: Partial<MetricsMessage>) => {
      if (worker.isConnected()) worker.send({ schoolMetrics: 'answer', id: message.id, ...answer });
    };
    gather().then(
      ({ text }) => reply({ text }),
      (err: Error) => reply({ error: err.message }),
    );
  });
  if (config.metricsPort) await serveMetricsPort(config, gather);
}
