import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll } from "vitest";
import { type DatabaseHandle, openDatabase } from "~/lib/platform/db.server";
import {
  killAll,
  makeDataDir,
  removeDataDir,
  type RunningServer,
  startProductionServer,
} from "../support/server-process";

/** A ceiling for an answer that should come at once: it bounds a hang, it is no timing. */
export const ANSWER_CEILING_MS = 60_000;

/**
 * The production server (`node server.js`, needs `npx react-router build`) on a
 * throw-away DATA_DIR for the tests of one file, stopped and removed afterwards. `env`
 * may be a function, for settings known only once something else has started.
 */
export function productionServerForThisFile(
  env: Record<string, string> | (() => Promise<Record<string, string>>) = {},
) {
  const state: { server?: RunningServer; dataDir?: string; database?: Promise<DatabaseHandle> } = {};
  beforeAll(async () => {
    state.dataDir = makeDataDir("security-test");
    const settings = typeof env === "function" ? await env() : env;
    state.server = await startProductionServer({ DATA_DIR: state.dataDir, RATE_LIMIT_MULTIPLIER: "100", ...settings });
  });
  afterAll(async () => {
    try {
      await (await state.database)?.close();
      if (state.server) await killAll([state.server]);
    } finally {
      if (state.dataDir) await removeDataDir(state.dataDir);
    }
  });
  return {
    get url() {
      if (!state.server) throw new Error("the server did not start");
      return state.server.url;
    },
    get dataDir() {
      if (!state.dataDir) throw new Error("the server did not start");
      return state.dataDir;
    },
    output: () => state.server?.output() ?? "",
    /**
     * The server's own database, through the socket of its embedded PostgreSQL (what
     * scripts use while the server runs): to set up accounts and content with the real
     * domain functions, and to see what a request changed.
     */
    async db() {
      state.database ??= openDatabase({ dataDir: this.dataDir });
      return (await state.database).db;
    },
  };
}

export type Reply = { status: number; headers: Headers; body: string };

export type CallOptions = {
  method?: string;
  /** The Cookie header (e.g. `session=<token>`). */
  cookie?: string;
  origin?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string | string[]>;
  body?: BodyInit;
};

/**
 * One request to the server as an attacker or a browser would send it: no redirect
 * followed, the whole answer read, bounded by ANSWER_CEILING_MS.
 */
export async function call(url: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin) headers.origin = options.origin;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(options.form)) {
      for (const item of [value].flat()) form.append(name, item);
    }
    body = form;
  }
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
    redirect: "manual",
    signal: AbortSignal.timeout(ANSWER_CEILING_MS),
  });
  return { status: response.status, headers: response.headers, body: await response.text() };
}

export type RawAnswer = { status: number; headers: string; body: string };

/**
 * Sends `head` (request line and headers) and then `body` if given, on a bare socket,
 * and resolves with the answer as soon as it is complete, whether or not the server
 * ever read the body: the point is that the answer comes without it.
 */
export function rawExchange(url: string, head: string, body?: Buffer | string): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let received = Buffer.alloc(0);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no complete answer within ${ANSWER_CEILING_MS / 1000} s; got: ${received.toString("latin1")}`));
    }, ANSWER_CEILING_MS);
    const done = (answer: RawAnswer) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(answer);
    };
    const tryParse = (ended: boolean) => {
      const text = received.toString("utf8");
      const end = text.indexOf("\r\n\r\n");
      if (end < 0) return;
      const headers = text.slice(0, end);
      const rest = received.subarray(Buffer.byteLength(text.slice(0, end + 4)));
      const length = /\r\ncontent-length: *(\d+)/i.exec(headers)?.[1];
      const chunked = /\r\ntransfer-encoding: *chunked/i.test(headers);
      let bodyText: string | undefined;
      if (length !== undefined && rest.byteLength >= Number(length))
        bodyText = rest.subarray(0, Number(length)).toString();
      else if (chunked && rest.toString("latin1").includes("\r\n0\r\n\r\n")) bodyText = unchunk(rest.toString());
      else if (ended) bodyText = rest.toString();
      if (bodyText !== undefined) done({ status: Number(headers.split(" ")[1]), headers, body: bodyText });
    };
    socket.on("data", (chunk) => {
      received = Buffer.concat([received, chunk]);
      tryParse(false);
    });
    socket.on("end", () => tryParse(true));
    socket.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.write(head);
    if (body !== undefined) socket.write(body);
  });
}

function unchunk(text: string) {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** A request head: the request line, Host, the given headers, and the blank line. */
export function requestHead(url: string, method: string, path: string, headers: Record<string, string>) {
  const lines = [`${method} ${path} HTTP/1.1`, `Host: ${new URL(url).host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/**
 * POSTs a chunked body (no Content-Length) of up to `maxBytes`, chunk after chunk,
 * until the server answers; resolves with the answer and how much was sent.
 */
export function postChunked(
  url: string,
  path: string,
  contentType: string,
  maxBytes: number,
  chunk: Buffer,
): Promise<{ status: number; body: string; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error(`no answer within ${ANSWER_CEILING_MS / 1000} s after ${sent} bytes`));
    }, ANSWER_CEILING_MS);
    const request = http.request(
      `${url}${path}`,
      { method: "POST", headers: { "content-type": contentType, "transfer-encoding": "chunked" } },
      (response) => {
        answered = true;
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (part) => (body += part));
        response.on("end", () => {
          clearTimeout(timer);
          request.destroy();
          resolve({ status: response.statusCode ?? 0, body, sent });
        });
      },
    );
    // Once the server has answered, a reset of the rest of the upload is expected.
    request.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    const pump = () => {
      while (!answered && sent < maxBytes) {
        sent += chunk.byteLength;
        if (!request.write(chunk)) return void request.once("drain", pump);
      }
      if (!answered) request.end();
    };
    pump();
  });
}
