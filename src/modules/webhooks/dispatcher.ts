/**
 * In-process delivery lanes: at most `maxPerOrigin` attempts in flight per URL origin, so one slow
 * or dead receiver holds a few slots and never the queue workers (a job only hands its delivery id
 * over). What is queued here and lost with the process is still `pending` in the database and is
 * picked up again by the sweep.
 */
import type { Logger } from 'pino';

export interface DispatcherOptions {
  maxPerOrigin: number;
  /** Deliveries waiting here, all origins together; a job handing over more waits (back-pressure). */
  maxQueued: number;
  attempt: (deliveryId: string) => Promise<void>;
  log: Logger;
}

interface Lane {
  active: number;
  waiting: string[];
}

export class Dispatcher {
  private readonly lanes = new Map<string, Lane>();
  private readonly known = new Set<string>();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly roomWaiters: (() => void)[] = [];
  private queued = 0;
  private stopped = false;
  private readonly opts: DispatcherOptions;

  constructor(opts: DispatcherOptions) {
    this.opts = opts;
  }

  /** Hands a delivery over; resolves once accepted (duplicates of a known id are dropped). */
  async submit(deliveryId: string, origin: string): Promise<void> {
    if (this.known.has(deliveryId)) return;
    while (!this.stopped && this.queued >= this.opts.maxQueued) {
      await new Promise<void>((r) => this.roomWaiters.push(r));
    }
    if (this.stopped || this.known.has(deliveryId)) return;
    this.known.add(deliveryId);
    let lane = this.lanes.get(origin);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.lanes.set(origin, lane);
    }
    lane.waiting.push(deliveryId);
    this.queued++;
    this.pump(origin, lane);
  }

  private pump(origin: string, lane: Lane): void {
    while (!this.stopped && lane.active < this.opts.maxPerOrigin && lane.waiting.length > 0) {
      const id = lane.waiting.shift()!;
      this.queued--;
      this.roomWaiters.shift()?.();
      lane.active++;
      const p = this.opts
        .attempt(id)
        .catch((err: unknown) => this.opts.log.error({ err, deliveryId: id }, 'webhook attempt crashed'))
        .finally(() => {
          lane.active--;
          this.known.delete(id);
          this.inFlight.delete(p);
          if (lane.active === 0 && lane.waiting.length === 0) this.lanes.delete(origin);
          else this.pump(origin, lane);
        });
      this.inFlight.add(p);
    }
  }

  get stats(): { inFlight: number; queued: number } {
    return { inFlight: this.inFlight.size, queued: this.queued };
  }

  /** Stops starting attempts and waits for those in flight (up to `timeoutMs`). */
  async stop(timeoutMs: number): Promise<void> {
    this.stopped = true;
    for (const r of this.roomWaiters.splice(0)) r();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((r) => {
        timer = setTimeout(r, timeoutMs);
      }),
    ]);
    clearTimeout(timer);
  }
}
