import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Per-request fault injection for browser tests, only when the server runs with
 * TEST_HOOKS=true: a request with the header `x-test-fault: database-down` sees the
 * database as unavailable, while every other request goes on normally.
 */
export const requestFaults = new AsyncLocalStorage<{ databaseDown: boolean }>();

export function databaseDownForThisRequest() {
  return requestFaults.getStore()?.databaseDown === true;
}
