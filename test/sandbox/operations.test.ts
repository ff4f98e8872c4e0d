// Every operation of the description answers its own example request (example ids, example body) with
// its documented success, on a fresh sandbox each time; checked-sandbox.ts validates each answer.
import { beforeEach, expect, it } from "vitest";
import { exampleBody, examplePath, label, successResponse } from "../support/http.js";
import { operations } from "../support/openapi.js";
import { checkedSandbox } from "./checked-sandbox.js";

const { sandbox, send } = checkedSandbox();
const ops = operations();

beforeEach(() => sandbox.reset());

it("covers all 16 operations of the description", () => {
  expect(ops).toHaveLength(16);
});

it.for(ops.map((op) => [label(op), op] as const))("%s", async ([, op]) => {
  const response = await send(op.method.toUpperCase(), examplePath(op), { body: exampleBody(op) });
  expect(response.status, await response.clone().text()).toBe(successResponse(op).status);
});
