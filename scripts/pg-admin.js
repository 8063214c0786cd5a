// Creates or drops one database, for CI's PostgreSQL pass:
//   node scripts/pg-admin.js postgres://postgres@127.0.0.1:5432/postgres create|drop NAME
import pg from "pg";

const [url, action, name] = process.argv.slice(2);
if (!url || !["create", "drop"].includes(action) || !/^[a-z0-9_]+$/.test(name ?? "")) {
  console.error("usage: node scripts/pg-admin.js ADMIN_URL create|drop NAME");
  process.exit(2);
}
const client = new pg.Client({ connectionString: url });
await client.connect();
try {
  await client.query(action === "create" ? `create database ${name}` : `drop database if exists ${name} with (force)`);
} finally {
  await client.end();
}
