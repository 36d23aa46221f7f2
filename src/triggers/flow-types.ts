/**
 * The shapes of a flow document (`payments-mock flow <file.json>`, `POST /_mock/flows`, `mock.runFlow(doc)`) and
 * of what a run answers. Wire names keep the document's snake_case.
 */

import type { Permissions } from '../schemas/resources';

/** The key a request step is made with: the workspace's current key of that kind, in the flow's mode. */
export type KeyKind = 'secret' | 'publishable' | 'restricted';

/** A JSON value as a flow document holds it. */
export type FlowValue = string | number | boolean | null | FlowValue[] | { [key: string]: FlowValue };

/** An API call, made through the same pipeline as a client's request. */
export interface RequestStep {
  /** Names the answer, so later steps can reference it (`${pay:id}`) and the output shows it. */
  name?: string;
  method: 'GET' | 'POST' | 'DELETE';
  /** A `/v1/…` path; references inside it are URL-encoded. */
  path: string;
  /** Body parameters (POST, sent as JSON) or query parameters (GET, DELETE). */
  params?: Record<string, FlowValue>;
  /** Default `secret`. */
  key?: KeyKind;
  /**
   * With `key: "restricted"`: what the key must be allowed (`{"refunds": "write"}`; resources left out: `none`). The
   * step takes a restricted key of the workspace that may do at least that, made if there is none. A session kept
   * as a flow writes what its key could do; without it, the step takes the workspace's first restricted key.
   */
  key_permissions?: Partial<Permissions>;
  /** Sent as the `Mock-Scenario` header: this request alone runs under that scenario (`manual`, `decline`, …). */
  scenario?: string;
  idempotency_key?: string;
  /** The step must fail, with this status and/or code; it fails the flow if it succeeds or fails otherwise. */
  expect_error?: { status?: number; code?: string };
  /**
   * The step must answer exactly this HTTP status (200, or an error status, which then counts as expected): a
   * recorded session writes the status each request got, so a replay that answers otherwise stops there with 422
   * `flow_step_failed` naming the step.
   */
  expect_status?: number;
}

/** Moves the clock the flow's workspace follows (its own, or the server's) by a duration such as `25h`. */
export interface AdvanceStep {
  name?: string;
  advance: string | number;
}

/** Switches the scenario of the flow's workspace (its own if it has one, else the server's); null = follow the server. */
export interface ScenarioStep {
  name?: string;
  scenario: string | null;
}

/** Waits until no webhook attempt is due now or in flight. */
export interface FlushStep {
  name?: string;
  flush_webhooks: true;
}

export type FlowStep = RequestStep | AdvanceStep | ScenarioStep | FlushStep;

/** A flow: steps run in order against one workspace and mode. */
export interface FlowDocument {
  /** A workspace id; default the first workspace (the one the banner lists first). */
  workspace?: string;
  /** Live mode instead of test mode (default false). */
  livemode?: boolean;
  /**
   * Values for `${env:NAME}` references. The CLI fills it from its own environment and `mock.runFlow` from
   * `process.env`; over HTTP the server never reads its own environment, so only what is sent here resolves.
   */
  env?: Record<string, string>;
  /** What a session kept as a flow says a replay will meet (ids made by requests it no longer holds); a run ignores it. */
  warnings?: string[];
  steps: FlowStep[];
}

/** What one step did. */
export interface StepReport {
  /** 0-based, as in the JSON pointer `/steps/<index>`. */
  index: number;
  name: string | null;
  kind: 'request' | 'advance' | 'scenario' | 'flush_webhooks';
  /** Request steps: what was sent (path with references resolved). */
  request: { method: string; path: string } | null;
  /** Request steps: the HTTP status answered. */
  status: number | null;
  /** Request steps: the `Request-Id` (the journal and events name it). */
  request_id: string | null;
  /** Control steps: what they did, for people (`clock moved 25h to 2026-01-02T01:00:00.000Z`); null for requests. */
  summary: string | null;
}

/** A rendered event, with its workspace. */
export type FlowEvent = Record<string, unknown> & { id: string; type: string; workspace: string };

/** What a flow run answers. */
export interface FlowResult {
  object: 'flow_run';
  workspace: string;
  livemode: boolean;
  /** Every named step's answer (an API answer, an error body for an expected error, or the control step's result). */
  answers: Record<string, unknown>;
  steps: StepReport[];
  /** The events the flow's requests emitted, oldest first. */
  events: FlowEvent[];
}
