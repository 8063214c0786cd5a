import { randomBytes } from "node:crypto";
import { inject } from "vitest";
import { type DatabaseHandle, openPool } from "~/lib/platform/db.server";
import { embeddedConnection } from "~/lib/platform/embedded-postgres.server";
import { adminQuery } from "./test-database";

/**
 * A fresh database on the run's embedded PostgreSQL that several app processes can
 * share (as instances behind a load balancer would share one PostgreSQL): its
 * DATABASE_URL for the servers, a migrated handle for the test, and `drop()`.
 */
export async function createSharedDatabase(prefix: string) {
  const socketDir = inject("embeddedSocketDir");
  const name = `${prefix}_${randomBytes(5).toString("hex")}`;
  await adminQuery(socketDir, `create database ${name}`);
  const handle: DatabaseHandle = await openPool(embeddedConnection(socketDir, name), "embedded");
  return {
    url: `postgres://postgres@localhost/${name}?host=${encodeURIComponent(socketDir)}`,
    handle,
    async drop() {
      await handle.close();
      await adminQuery(socketDir, `drop database if exists ${name} with (force)`);
    },
  };
}
