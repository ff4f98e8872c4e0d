#!/usr/bin/env node
// `npm run build:postman`: generated/postman-collection.json, a Postman collection (v2.1) of every
// operation, converted from the bundle by openapi-to-postmanv2 and then made to work as-is:
// - one credential: Basic with the collection variable `apiKey` as user name and an empty password
//   (the converter's `basicAuthUsername`/`basicAuthPassword` are never declared);
// - `baseUrl`: the real service by default; http://127.0.0.1:4010 for `npm run mock`, :4011 for
//   `npm run sandbox`;
// - ids as collection variables (`project_id`, `copy_id`, `user_id`, `group_id`, the examples' ids,
//   which the sandbox's seed has): Postman's `:name` path variables cannot end in `.json`;
// - "Delete a project" deletes the project "Create a project" made (`created_project_id`), never the
//   examples' one, so running the whole collection leaves the seed's projects in place;
// - each request checks it got its documented success status (what newman asserts in CI);
// - no random ids, so a rebuild is byte-identical (CI compares it).
import { readFileSync, writeFileSync } from "node:fs";
import Converter from "openapi-to-postmanv2";
import { parameterExample, requestBodyExamples, successResponse } from "../lib/openapi.mjs";
import { noOptions } from "../lib/cli.mjs";

await noOptions("build:postman", "generated/postman-collection.json, a Postman collection of every operation (a step of npm run build).");

const root = new URL("../..", import.meta.url).pathname;
const OUTPUT = `${root}generated/postman-collection.json`;

/** Where `baseUrl` points for each server people run it against (the description's server by default). */
export const BASE_URLS = { mock: "http://127.0.0.1:4010", sandbox: "http://127.0.0.1:4011" };

const document = JSON.parse(readFileSync(`${root}generated/openapi.json`, "utf8"));

function convert(data) {
  const options = {
    folderStrategy: "Tags",
    parametersResolution: "Example",
    includeAuthInfoInExample: false,
    alwaysInheritAuthentication: true,
  };
  return new Promise((resolve, reject) => {
    Converter.convertV2({ type: "json", data }, options, (error, result) => {
      if (error) reject(error);
      else if (!result.result) reject(new Error(`openapi-to-postmanv2: ${result.reason}`));
      else resolve(result.output[0].data);
    });
  });
}

/** Each operation by its summary (the converter names requests after it). */
function operationsBySummary() {
  const found = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (operation?.summary) found.set(operation.summary, { path, method: method.toUpperCase(), operation });
    }
  }
  return found;
}

const pathIds = { project_id: "project_id", copy_id: "copy_id", user_id: "user_id", group_id: "group_id" };

/** The request's URL, rebuilt from the operation's path: `{project_id}` → `{{project_id}}`. */
function url(path, query, idVariable) {
  const segments = path
    .slice(1)
    .split("/")
    .map((segment) => segment.replace(/\{(\w+)\}/g, (_, name) => `{{${idVariable(name)}}}`));
  const raw = `{{baseUrl}}/${segments.join("/")}${query.length ? `?${query.map((q) => `${q.key}=${q.value}`).join("&")}` : ""}`;
  return { raw, host: ["{{baseUrl}}"], path: segments, ...(query.length ? { query } : {}) };
}

function successStatus(operation) {
  const success = successResponse(document, operation);
  if (!success) throw new Error(`build-postman: ${operation.operationId} has no success status`);
  return success.status;
}

function test(lines) {
  return { listen: "test", script: { type: "text/javascript", exec: lines } };
}

function stripIds(node) {
  if (Array.isArray(node)) node.forEach(stripIds);
  else if (node && typeof node === "object") {
    delete node.id;
    for (const value of Object.values(node)) stripIds(value);
  }
}

async function build() {
  const converted = await convert(document);
  const operations = operationsBySummary();
  const folders = converted.item.map((folder) => ({
    name: folder.name,
    ...(folder.description ? { description: folder.description } : {}),
    item: folder.item.flatMap((request) => {
      const found = operations.get(request.name);
      if (!found) throw new Error(`build-postman: no operation has the summary "${request.name}"`);
      const { path, method, operation } = found;
      const status = successStatus(operation);
      const deletesProject = operation.operationId === "deleteProject";
      const idVariable = (name) => (deletesProject && name === "project_id" ? "created_project_id" : (pathIds[name] ?? name));
      const query = (request.request.url.query ?? []).map(({ key, value, description }) => ({
        key,
        value,
        ...(description ? { description } : {}),
      }));
      const checks = [`pm.test("answers ${status}", () => pm.response.to.have.status(${status}));`];
      if (operation.operationId === "createProject") {
        checks.push('if (pm.response.code === 201) pm.collectionVariables.set("created_project_id", String(pm.response.json().id));');
      }
      const base = {
        name: request.name,
        request: {
          ...request.request,
          description: deletesProject
            ? {
                ...request.request.description,
                content: `${request.request.description.content}\n\nDeletes the project that "Create a project" made last (collection variable \`created_project_id\`).`,
              }
            : request.request.description,
          url: url(path, query, idVariable),
          method,
        },
        response: request.response,
        event: [test(checks)],
      };
      delete base.request.auth; // inherited from the collection
      if (!operation.requestBody) delete base.request.body;
      // Every named example of the body gets a request (adding a user: by id, and by email).
      const examples = requestBodyExamples(document, operation);
      if (examples.length < 2) return [base];
      return examples.map((example) => ({
        ...base,
        name: `${request.name}: ${example.summary}`,
        request: {
          ...base.request,
          body: { mode: "raw", raw: JSON.stringify(example.value, null, 2), options: { raw: { language: "json" } } },
        },
      }));
    }),
  }));
  const serverUrl = document.servers[0].url.replace(/\{(\w+)\}/g, (_, name) => document.servers[0].variables[name].default);
  const collection = {
    info: {
      name: converted.info.name,
      schema: converted.info.schema,
      description: converted.info.description,
    },
    item: folders,
    auth: {
      type: "basic",
      basic: [
        { key: "username", value: "{{apiKey}}", type: "string" },
        { key: "password", value: "", type: "string" },
      ],
    },
    variable: [
      {
        key: "baseUrl",
        value: serverUrl,
        type: "string",
        description: `The API's base URL: your service's, or ${BASE_URLS.mock} for \`npm run mock\`, ${BASE_URLS.sandbox} for \`npm run sandbox\`.`,
      },
      {
        key: "apiKey",
        value: "",
        type: "string",
        description: "Your API key (the user name of Basic authentication; the password is empty). The sandbox's: sandbox-admin-key.",
      },
      ...Object.keys(pathIds).map((name) => ({
        key: name,
        value: String(exampleValue(name)),
        type: "string",
        description: `The ${name} the requests use (the examples' one, which the sandbox's seed has).`,
      })),
      {
        key: "created_project_id",
        value: "",
        type: "string",
        description: 'Set by "Create a project"; the project "Delete a project" deletes.',
      },
    ],
  };
  stripIds(collection);
  return collection;
}

/** The example value of a path parameter, from the description. */
function exampleValue(name) {
  const parameter = Object.values(document.components.parameters).find((p) => p.name === name && p.in === "path");
  const value = parameter && parameterExample(document, parameter);
  if (value === undefined) throw new Error(`build-postman: the path parameter ${name} has no example`);
  return value;
}

writeFileSync(OUTPUT, JSON.stringify(await build(), null, 2) + "\n");
