import { FIXTURE_SCHEMA, FIXTURE_SECTION_SCHEMAS } from '../schemas/fixtures';
import { PARAM_SCHEMAS } from '../schemas/params';

/**
 * Every schema the server validates with, in two groups (compiled-validators.ts says how they are compiled and
 * loaded). A fixture file's validators are named `fixtures` and `section_<section>` (compiled-validators.ts: groupOf).
 */
export const VALIDATOR_GROUPS = {
  params: PARAM_SCHEMAS,
  fixtures: {
    fixtures: FIXTURE_SCHEMA,
    section_customers: FIXTURE_SECTION_SCHEMAS.customers,
    section_payment_methods: FIXTURE_SECTION_SCHEMAS.payment_methods,
    section_payments: FIXTURE_SECTION_SCHEMAS.payments,
    section_refunds: FIXTURE_SECTION_SCHEMAS.refunds,
    section_events: FIXTURE_SECTION_SCHEMAS.events,
    section_idempotency: FIXTURE_SECTION_SCHEMAS.idempotency,
  },
} as const;
