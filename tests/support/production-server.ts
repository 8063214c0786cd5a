import { randomBytes } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { createUser } from "~/lib/auth/users.server";
import { openDatabase } from "~/lib/platform/db.server";
import { signIn } from "./fault-load";
import {
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "./server-process";

export type ProductionServerOptions = {
  /** Extra environment for `node server.js`; a function when it depends on another `beforeAll` (an S3 server). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** A staff account made on the database before the start, and a signed-in cookie for it afterwards. */
  staff?: { email: string; fullName: string };
};

export type ProductionServerFixture = {
  server: RunningServer;
  dataDir: string;
  /** The staff account's session cookie (when `staff` was given). */
  cookie: string;
  /** The staff account's password (when `staff` was given). */
  password: string;
  /** Every process started for this file: servers a test starts itself go here too, and are stopped with the rest. */
  running: RunningServer[];
};

/**
 * One production server (`node server.js` on the embedded database, in a throw-away
 * DATA_DIR) for a whole test file: started in `beforeAll`, stopped and its folder removed
 * in `afterAll` whatever happened: the scaffolding process and fault tests wrote out by hand. Call it at the top level of the file; read the fields inside
 * tests (they are set once `beforeAll` has run).
 */
export function setUpProductionServer(name: string, options: ProductionServerOptions = {}): ProductionServerFixture {
  const fixture = { running: [] as RunningServer[] } as ProductionServerFixture;

  beforeAll(async () => {
    fixture.dataDir = makeDataDir(name);
    if (options.staff) {
      fixture.password = randomBytes(18).toString("base64url");
      const setup = await openDatabase({ dataDir: fixture.dataDir });
      try {
        await createUser(setup.db, { role: "owner", ...options.staff, password: fixture.password });
      } finally {
        await setup.close();
      }
    }
    const env = typeof options.env === "function" ? options.env() : (options.env ?? {});
    fixture.server = await startProductionServer({ DATA_DIR: fixture.dataDir, ...env });
    fixture.running.push(fixture.server);
    if (options.staff) fixture.cookie = await signIn(fixture.server.url, options.staff.email, fixture.password);
  });

  afterAll(async () => {
    try {
      await killAll(fixture.running);
    } finally {
      if (fixture.dataDir) await removeDataDir(fixture.dataDir);
    }
  });

  return fixture;
}
