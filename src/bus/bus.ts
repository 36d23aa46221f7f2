import type { ClockState } from '../clock/clock';
import type { StoredEvent } from '../store/event-log';

/**
 * One kind of message, with its subscribers. Publishers check `hasSubscribers` before they build a message, so a
 * channel nobody follows costs a branch and no allocation (the model is Node's `diagnostics_channel`).
 */
export class Channel<M> {
  private subscribers: Array<(message: M) => void> = [];

  get hasSubscribers(): boolean {
    return this.subscribers.length > 0;
  }

  /**
   * Tells every subscriber. One that throws is reported on stderr and the others still hear the message: the
   * domain publishes partway through a change, so a broken follower must not turn a request that already changed
   * state into an error (node:diagnostics_channel goes on the same way).
   */
  publish(message: M): void {
    for (const subscriber of this.subscribers) {
      try {
        subscriber(message);
      } catch (error) {
        process.stderr.write(`payments-mock: a bus subscriber failed: ${error instanceof Error ? error.message : String(error)}\n`);
      }
    }
  }

  /** Returns the function that unsubscribes. */
  subscribe(subscriber: (message: M) => void): () => void {
    this.subscribers = [...this.subscribers, subscriber];
    return () => {
      this.subscribers = this.subscribers.filter((s) => s !== subscriber);
    };
  }
}

/** Where a message happened: one account in one mode. */
export interface Place {
  workspace: string;
  livemode: boolean;
}

export interface EventMessage extends Place {
  event: StoredEvent;
}

/** An object that was created or changed: its new version (every object with an event, and webhook endpoints). */
export interface ObjectMessage extends Place {
  object: { id: string; object: string } & Record<string, unknown>;
  deleted?: boolean;
}

/** A /v1 request as the journal lists it, without the bodies (`GET /_mock/requests/{id}` has them). */
export interface RequestMessage {
  id: string;
  method: string;
  /** Keys and card numbers masked, as in the journal. */
  path: string;
  status: number;
  /** Masked, as in the journal. */
  key: string | null;
  replayed: boolean;
  duration_ms: number;
  created: number;
}

export interface ClockMessage {
  /** The workspace whose clock moved, or null for the server clock. */
  workspace: string | null;
  clock: ClockState;
}

export interface ScenarioMessage {
  workspace: string | null;
  scenario: string | null;
}

export interface ResetMessage {
  /** null: the whole server. */
  workspace: string | null;
}

export interface DeliveryMessage extends Place {
  id: string;
  status: string;
}

export interface MemoryMessage {
  state: 'ok' | 'warning' | 'full';
  /** Bytes held and the budget, as `GET /_mock/memory` reports them. */
  held: number;
  budget: number;
}

/**
 * The instance's event bus: the domain and the admin API publish what happened; webhooks and the dashboard
 * stream subscribe. One per mock instance, never a module global.
 */
export class EventBus {
  /** An event was emitted (the domain). */
  readonly event = new Channel<EventMessage>();
  readonly object = new Channel<ObjectMessage>();
  /** A /v1 request was answered and journaled. */
  readonly request = new Channel<RequestMessage>();
  readonly clock = new Channel<ClockMessage>();
  readonly scenario = new Channel<ScenarioMessage>();
  readonly reset = new Channel<ResetMessage>();
  /** A webhook delivery was created or changed. */
  readonly delivery = new Channel<DeliveryMessage>();
  /** Memory use crossed 80% of the budget, reached it, or fell back (once per crossing). */
  readonly memory = new Channel<MemoryMessage>();
  /** The instance is closing: long-lived followers (dashboard streams) end their answers. */
  readonly shutdown = new Channel<Record<string, never>>();
}
