// The interface's facts, written out by hand from the service's interface document (which is not part
// of this repository: each fact is stated here, in the test that pins it), and the choices the description pins where that document
// is silent, each under the id of its entry in the root's `x-assumptions`. Each is compared with the
// bundle (generated/openapi.json). None of the expected values is read from the bundle: a change to
// the description that contradicts one fails the test named after it, rather than moving its test
// along with it as a test derived from the bundle would.
import { describe, expect, it } from "vitest";
import { deref, openapi, operations, type Json } from "../support/openapi.js";

// ---- Reading the bundle -------------------------------------------------------------------------

const byRoute = new Map(operations().map((op) => [`${op.method.toUpperCase()} ${op.path}`, op]));

function operation(route: string) {
  const found = byRoute.get(route);
  if (!found) throw new Error(`the bundle has no operation ${route}`);
  return found;
}

function statuses(route: string): string[] {
  return Object.keys(operation(route).operation.responses);
}

function schema(name: string): Json {
  const found = openapi.components?.schemas?.[name];
  if (!found) throw new Error(`the bundle has no schema ${name}`);
  return found;
}

/** Properties and required names of an object schema, through $refs and allOf branches. */
function objectShape(node: Json): { properties: Record<string, Json>; required: string[] } {
  const resolved = deref(node);
  const shape = {
    properties: { ...(resolved.properties ?? {}) } as Record<string, Json>,
    required: [...(resolved.required ?? [])] as string[],
  };
  for (const branch of resolved.allOf ?? []) {
    const inner = objectShape(branch);
    Object.assign(shape.properties, inner.properties);
    shape.required.push(...inner.required);
  }
  return shape;
}

/** The property's schema, $refs resolved; keywords written beside a $ref (3.1) are kept on top. */
function property(schemaName: string, name: string): Json {
  const raw = objectShape(schema(schemaName)).properties[name];
  if (raw === undefined) throw new Error(`${schemaName} has no property ${name}`);
  const { $ref, ...beside } = raw;
  return $ref ? { ...deref({ $ref }), ...beside } : raw;
}

/** A JSON Schema `type` as a list ("integer" → ["integer"]). */
function types(node: Json): string[] {
  return [deref(node).type].flat().filter(Boolean);
}

/** The success body's schema of an operation, or undefined when it has none. */
function successBody(route: string, status: string): Json {
  return operation(route).operation.responses[status]?.content?.["application/json"]?.schema;
}

function schemaName(node: Json): string | undefined {
  return node?.$ref?.replace("#/components/schemas/", "");
}

function queryParameter(route: string, name: string): Json {
  return operation(route).parameters.find((p: Json) => p.in === "query" && p.name === name);
}

// ---- The interface's facts ----------------------------------------------------------------------

/** Endpoints: method and path, the one success status, and what it answers with. */
const OPERATIONS: [route: string, success: "200" | "201" | "204", answers: string][] = [
  ["GET /projects.json", "200", "Project[]"],
  ["POST /projects.json", "201", "Project"],
  ["GET /projects/{project_id}.json", "200", "Project"],
  ["PATCH /projects/{project_id}.json", "204", "nothing"],
  ["DELETE /projects/{project_id}.json", "204", "nothing"],
  ["GET /v1/projects/{project_id}/files.json", "200", "ProjectFile[]"],
  ["GET /projects/{project_id}/urls.json", "200", "CapturedUrl[]"],
  ["GET /projects/{project_id}/copy.json", "200", "Copy[]"],
  ["GET /copy/{copy_id}/revisions.json", "200", "CopyRevision[]"],
  ["GET /projects/{project_id}/users.json", "200", "ProjectUser[]"],
  ["POST /projects/{project_id}/users.json", "201", "JSON (body not documented)"],
  ["DELETE /projects/{project_id}/users/{user_id}.json", "204", "nothing"],
  ["GET /organizations.json", "200", "Organization"],
  ["PATCH /organizations.json", "204", "nothing"],
  ["GET /groups.json", "200", "Group[]"],
  ["GET /groups/{group_id}.json", "200", "Group"],
];

/** "Every list endpoint except the two groups endpoints and the organization endpoint" paginates. */
const PAGINATED = [
  "GET /projects.json",
  "GET /v1/projects/{project_id}/files.json",
  "GET /projects/{project_id}/urls.json",
  "GET /projects/{project_id}/copy.json",
  "GET /copy/{copy_id}/revisions.json",
  "GET /projects/{project_id}/users.json",
];
const NOT_PAGINATED = ["GET /groups.json", "GET /groups/{group_id}.json", "GET /organizations.json"];

/** The Limits table, and the create body's fields: [schema, property, maxLength]. */
const CREATE_LIMITS: [field: string, maxLength: number][] = [
  ["name", 50],
  ["description", 1000],
  ["job_code", 20],
];

type Field = [name: string, type: "integer" | "string" | "boolean" | "object" | "datetime" | "datetime or null" | "string or null"];

/**
 * The fields of each resource, as its table (or, for project users, its sample) lists them. `required`:
 * the fields every sample response carries; the ones the document calls absent from the samples
 * (num_comments, _links) are left out, and so are the organization's dates, which no sample shows.
 */
const RESOURCES: Record<string, { fields: Field[]; required: string[] }> = {
  Project: {
    fields: [
      ["id", "integer"],
      ["created", "datetime"],
      ["modified", "datetime or null"],
      ["title", "string"],
      ["description", "string"],
      ["created_by", "string"],
      ["job_code", "string"],
      ["ownership", "string"],
      ["num_comments", "integer"],
      ["_thumbnails", "object"],
    ],
    required: ["id", "created", "modified", "title", "description", "created_by", "job_code", "ownership", "_thumbnails"],
  },
  ProjectFile: {
    fields: [...assetFields(), ["type", "string"], ["_links", "object"], ["_thumbnails", "object"]],
    required: ["id", "name", "description", "created_by", "created", "modified", "type", "_thumbnails"],
  },
  CapturedUrl: {
    fields: [...assetFields(), ["url", "string"], ["type", "string"], ["_links", "object"], ["_thumbnails", "object"]],
    required: ["id", "name", "description", "created_by", "created", "modified", "url", "type", "_thumbnails"],
  },
  Copy: {
    fields: [...assetFields(), ["text", "string"]],
    required: ["id", "name", "description", "created_by", "created", "modified", "text"],
  },
  CopyRevision: {
    fields: [
      ["id", "integer"],
      ["created", "datetime"],
      ["modified", "datetime or null"],
      ["modified_by", "string"],
      ["text", "string"],
      ["text_diff", "string"],
    ],
    required: ["id", "created", "modified", "modified_by", "text", "text_diff"],
  },
  ProjectUser: {
    fields: [
      ["id", "integer"],
      ["email", "string"],
      ["group_name", "string"],
      ["active", "boolean"],
      ["profile", "object"],
    ],
    required: ["id", "email", "group_name", "active", "profile"],
  },
  UserProfile: {
    fields: (["first_name", "last_name", "initials", "job_title", "bio", "work_phone", "mobile_phone"] as const).map(
      (name): Field => [name, "string or null"],
    ),
    required: [],
  },
  Organization: {
    fields: [
      ["name", "string"],
      ["address", "object"],
      ["website", "string"],
      ["phone", "string"],
      ["email", "string"],
      ["email_billing", "string"],
      ["created", "datetime"],
      ["modified", "datetime or null"],
    ],
    required: ["name", "address", "website", "phone", "email", "email_billing"],
  },
  Address: {
    fields: (["street", "street2", "city", "region_name", "postal_code", "country"] as const).map((name): Field => [name, "string"]),
    required: [],
  },
  Group: {
    fields: [
      ["id", "integer"],
      ["name", "string"],
      ["description", "string"],
    ],
    required: ["id", "name", "description"],
  },
};

function assetFields(): Field[] {
  return [
    ["id", "integer"],
    ["name", "string"],
    ["description", "string"],
    ["num_comments", "integer"],
    ["created_by", "string"],
    ["created", "datetime"],
    ["modified", "datetime or null"],
  ];
}

/** Routes with an id in the path: an unknown id is a documented failure case (404). */
const WITH_ID = OPERATIONS.map(([route]) => route).filter((route) => route.includes("{"));

/** The authorization rules the document states, which a caller can fail (403). */
const STATED_AUTHORIZATION_RULES = ["DELETE /projects/{project_id}.json", "PATCH /organizations.json"];

/** The document's "Authorization rules that are stated", each on the operation it governs. */
const STATED_WHO_MAY_CALL: [route: string, words: RegExp][] = [
  ["DELETE /projects/{project_id}.json", /company administrator.*project creator/],
  ["PATCH /organizations.json", /company administrator/],
  ["GET /organizations.json", /only the caller's own/i],
  ["GET /projects.json", /only projects the caller has been added to/i],
];

/** An operation's who-may-call rules that claim the service's words (`stated`). */
function statedRules(route: string): Json[] {
  return (operation(route).operation["x-who-may-call"] ?? []).filter((rule: Json) => typeof rule.stated === "string");
}

/** An operation's who-may-call rules resting on the assumption `entry`. */
function rulesResting(route: string, entry: string): Json[] {
  return (operation(route).operation["x-who-may-call"] ?? []).filter((rule: Json) => entry in (rule["x-assumption"] ?? {}));
}

function typeOf(node: Json): string {
  const resolved = deref(node);
  const listed = types(resolved).filter((t) => t !== "null");
  const nullable = types(resolved).includes("null");
  const base =
    listed.length === 1 && listed[0] === "string" && resolved.format === "date-time"
      ? "datetime"
      : listed.join("|") || (resolved.allOf || resolved.$ref ? "object" : "?");
  return nullable ? `${base} or null` : base;
}

describe("the interface's facts", () => {
  it("has exactly its 16 operations (no PUT, read-only assets and groups, no organization create or delete)", () => {
    expect([...byRoute.keys()].sort()).toEqual(OPERATIONS.map(([route]) => route).sort());
  });

  it.each(OPERATIONS)("%s answers %s with %s", (route, success, answers) => {
    const successes = statuses(route).filter((s) => s.startsWith("2"));
    expect(successes).toEqual([success]);
    const response = operation(route).operation.responses[success];
    if (answers === "nothing") {
      expect(response.content).toBeUndefined();
    } else if (answers.startsWith("JSON")) {
      expect(Object.keys(response.content ?? {})).toEqual(["application/json"]);
    } else {
      const body = successBody(route, success);
      const list = answers.endsWith("[]");
      if (list) expect(types(body)).toEqual(["array"]);
      expect(schemaName(list ? body.items : body)).toBe(answers.replace("[]", ""));
    }
  });

  it.each(OPERATIONS)("%s requires HTTP Basic authentication", (route) => {
    const security = operation(route).operation.security ?? openapi.security;
    expect(security).toEqual([{ ApiKeyBasic: [] }]);
    expect(openapi.components.securitySchemes.ApiKeyBasic).toMatchObject({ type: "http", scheme: "basic" });
  });

  it.each(OPERATIONS)("%s documents 401 (every call is authenticated)", (route) => {
    expect(statuses(route)).toContain("401");
  });

  it.each(WITH_ID)("%s documents 404 (an unknown identifier)", (route) => {
    expect(statuses(route)).toContain("404");
  });

  it.each(STATED_AUTHORIZATION_RULES)("%s documents 403 (a stated authorization rule)", (route) => {
    expect(statuses(route)).toContain("403");
  });

  // "Authorization rules that are stated" — each is on its operation as the service's rule (`stated`,
  // never an assumption), in the service's words; no other operation claims a stated rule.
  it.each(STATED_WHO_MAY_CALL)("%s says who may call it as the service states: %s", (route, words) => {
    const stated = statedRules(route);
    expect(stated.map((rule) => rule.stated).join(" ")).toMatch(words);
    for (const rule of stated) expect(rule["x-assumption"], route).toBeUndefined();
  });

  it("states no other rule of who may call an operation as the service's", () => {
    const claimed = OPERATIONS.map(([route]) => route).filter((route) => statedRules(route).length > 0);
    expect(claimed.sort()).toEqual(STATED_WHO_MAY_CALL.map(([route]) => route).sort());
  });

  it.each(PAGINATED)("%s paginates: integer offset (default 0) and limit (default 30), optional", (route) => {
    const offset = queryParameter(route, "offset");
    const limit = queryParameter(route, "limit");
    expect(offset, "offset").toBeDefined();
    expect(limit, "limit").toBeDefined();
    for (const parameter of [offset, limit]) {
      expect(parameter.required ?? false).toBe(false);
      expect(types(parameter.schema)).toEqual(["integer"]);
    }
    expect(deref(offset.schema).default).toBe(0);
    expect(deref(limit.schema).default).toBe(30);
    expect(types(successBody(route, "200"))).toEqual(["array"]);
  });

  it.each(NOT_PAGINATED)("%s takes no offset or limit", (route) => {
    expect(queryParameter(route, "offset")).toBeUndefined();
    expect(queryParameter(route, "limit")).toBeUndefined();
  });

  it.each(CREATE_LIMITS)("creating a project: %s is a string of at most %i characters", (field, maxLength) => {
    const body = operation("POST /projects.json").operation.requestBody;
    expect(Object.keys(body.content)).toEqual(["application/json"]);
    expect(schemaName(body.content["application/json"].schema)).toBe("ProjectCreate");
    const created = property("ProjectCreate", field);
    expect(types(created)).toEqual(["string"]);
    expect(created.maxLength).toBe(maxLength);
  });

  it("adding a user takes a JSON body with `user` (a string, an existing user id) or `email` (a string)", () => {
    const body = operation("POST /projects/{project_id}/users.json").operation.requestBody;
    expect(Object.keys(body.content)).toEqual(["application/json"]);
    const members = deref(body.content["application/json"].schema).oneOf.map((member: Json) => objectShape(member));
    expect(members.map((m: { required: string[] }) => m.required)).toEqual([["user"], ["email"]]);
    expect(types(members[0].properties.user)).toEqual(["string"]);
    expect(types(members[1].properties.email)).toEqual(["string"]);
  });

  it.each(["PATCH /projects/{project_id}.json", "PATCH /organizations.json"])(
    "%s takes a JSON object of the properties to change",
    (route) => {
      const body = operation(route).operation.requestBody;
      expect(body.required).toBe(true);
      expect(types(body.content["application/json"].schema)).toEqual(["object"]);
    },
  );

  for (const [resource, { fields, required }] of Object.entries(RESOURCES)) {
    describe(resource, () => {
      it.each(fields)(`has %s: %s`, (name, type) => {
        expect(typeOf(property(resource, name))).toBe(type);
      });

      if (required.length > 0) {
        it.each(required)("always carries %s in a response", (name) => {
          expect(objectShape(schema(resource)).required).toContain(name);
        });
      }
    });
  }

  it("every datetime is an ISO 8601 timestamp with a UTC offset (format date-time)", () => {
    for (const name of ["Timestamp", "ModifiedTimestamp"]) expect(schema(name).format).toBe("date-time");
  });

  it("thumbnails come in small, medium and large, each an object with an href string", () => {
    for (const resource of ["Project", "ProjectFile", "CapturedUrl"]) {
      const thumbnails = objectShape(property(resource, "_thumbnails"));
      expect(thumbnails.required.sort()).toEqual(["large", "medium", "small"]);
      for (const size of ["small", "medium", "large"]) {
        const link = objectShape(thumbnails.properties[size]);
        expect(link.required).toContain("href");
        expect(types(link.properties.href)).toEqual(["string"]);
      }
    }
  });

  it("an organization's country is a two-letter code, its website a URL and its addresses email addresses", () => {
    const country = property("Address", "country");
    expect([country.minLength, country.maxLength]).toEqual([2, 2]);
    expect(property("Organization", "website").format).toBe("uri");
    for (const name of ["email", "email_billing"]) expect(property("Organization", name).format).toBe("email");
  });
});

// ---- The description's pinned choices (root x-assumptions) --------------------------------------

/** A choice the interface leaves open, under its x-assumptions entry id. */
const PINNED: [id: string, choice: string, check: () => void][] = [
  [
    "max-limit",
    "limit is at most 100 on every paginated list",
    () => {
      for (const route of PAGINATED) expect(deref(queryParameter(route, "limit").schema).maximum, route).toBe(100);
    },
  ],
  [
    "create-required",
    "creating a project requires name (1+ characters) and nothing else; unknown properties are rejected",
    () => {
      expect(schema("ProjectCreate").required).toEqual(["name"]);
      expect(schema("ProjectCreate").additionalProperties).toBe(false);
      expect(property("ProjectCreate", "name").minLength).toBe(1);
    },
  ],
  [
    "problem-body",
    "every error is application/problem+json with a Problem that requires title and status",
    () => {
      expect(schema("Problem").required).toEqual(expect.arrayContaining(["title", "status"]));
      for (const [route] of OPERATIONS) {
        for (const [status, response] of Object.entries<Json>(operation(route).operation.responses)) {
          if (status.startsWith("2")) continue;
          const content = deref(response).content;
          expect(Object.keys(content), `${route} ${status}`).toEqual(["application/problem+json"]);
          expect(schemaName(content["application/problem+json"].schema), `${route} ${status}`).toBe("Problem");
        }
      }
    },
  ],
  [
    "invalid-input-400",
    "every operation that takes a parameter or a body documents 400",
    () => {
      for (const [route] of OPERATIONS) {
        const { parameters, operation: op } = operation(route);
        if (parameters.length > 0 || op.requestBody) expect(statuses(route), route).toContain("400");
      }
    },
  ],
  [
    "creator-removal-409",
    "removing a project user documents 409 (the creator cannot be removed)",
    () => {
      expect(statuses("DELETE /projects/{project_id}/users/{user_id}.json")).toContain("409");
    },
  ],
  [
    "server-error-500",
    "every operation documents 500",
    () => {
      for (const [route] of OPERATIONS) expect(statuses(route), route).toContain("500");
    },
  ],
  [
    "rate-limit-429",
    "every operation documents 429 with Retry-After",
    () => {
      for (const [route] of OPERATIONS) {
        expect(statuses(route), route).toContain("429");
        expect(Object.keys(deref(operation(route).operation.responses["429"]).headers ?? {}), route).toContain("Retry-After");
      }
    },
  ],
  [
    "patch-properties",
    "a project PATCH takes name, description and job_code, at least one, nothing else",
    () => {
      const update = schema("ProjectUpdate");
      expect(Object.keys(update.properties).sort()).toEqual(["description", "job_code", "name"]);
      expect(update.minProperties).toBe(1);
      expect(update.additionalProperties).toBe(false);
      for (const [field, maxLength] of CREATE_LIMITS) expect(property("ProjectUpdate", field).maxLength, field).toBe(maxLength);
    },
  ],
  [
    "patch-properties",
    "an organization PATCH takes its fields but the dates, at least one, nothing else",
    () => {
      const update = schema("OrganizationUpdate");
      expect(Object.keys(update.properties).sort()).toEqual(["address", "email", "email_billing", "name", "phone", "website"]);
      expect(update.minProperties).toBe(1);
      expect(update.additionalProperties).toBe(false);
      const address = deref(update.properties.address);
      expect(address.minProperties).toBe(1);
      expect(address.additionalProperties).toBe(false);
    },
  ],
  [
    "add-user-response",
    "adding a user answers 201 with a JSON content type",
    () => {
      const created = operation("POST /projects/{project_id}/users.json").operation.responses["201"];
      expect(Object.keys(created.content)).toEqual(["application/json"]);
    },
  ],
  [
    "user-id-digits",
    "the add-user `user` id is a positive integer written in digits",
    () => {
      const pattern = new RegExp(property("ProjectUserAddById", "user").pattern, "u");
      for (const id of ["1", "48213", "9007199254740991"]) expect(pattern.test(id), id).toBe(true);
      for (const id of ["", "0", "007", "-1", "12a", "1.5", " 1", "abc", "1e3"]) expect(pattern.test(id), JSON.stringify(id)).toBe(false);
    },
  ],
  [
    "value-bounds",
    "ids are integers from 1 to 2^53 − 1, email addresses at most 254 characters",
    () => {
      expect([schema("Id").minimum, schema("Id").maximum]).toEqual([1, 2 ** 53 - 1]);
      expect(property("ProjectUserAddByEmail", "email").maxLength).toBe(254);
    },
  ],
  [
    "ownership-case",
    "ownership is internal or external, in lower case",
    () => {
      expect(property("Project", "ownership").enum).toEqual(["internal", "external"]);
    },
  ],
  [
    "host",
    "the server is https://{host}/public/api",
    () => {
      expect(openapi.servers.map((server: Json) => server.url)).toEqual(["https://{host}/public/api"]);
    },
  ],
  [
    "www-authenticate",
    "a 401 carries WWW-Authenticate",
    () => {
      for (const [route] of OPERATIONS)
        expect(Object.keys(deref(operation(route).operation.responses["401"]).headers ?? {}), route).toContain("WWW-Authenticate");
    },
  ],
  [
    "read-permission",
    "reading needs no group permission: every read but the project list says so",
    () => {
      const reads = OPERATIONS.map(([route]) => route).filter((route) => route.startsWith("GET ") && route !== "GET /projects.json");
      for (const route of reads) expect(rulesResting(route, "read-permission"), route).not.toHaveLength(0);
    },
  ],
  [
    "edit-permission",
    "creating and updating a project need a group that may edit (a Viewer gets 403)",
    () => {
      for (const route of ["POST /projects.json", "PATCH /projects/{project_id}.json"]) {
        expect(
          rulesResting(route, "edit-permission")
            .map((rule) => rule.rule)
            .join(" "),
          route,
        ).toMatch(/Viewer gets 403/);
        expect(statuses(route), route).toContain("403");
      }
    },
  ],
  [
    "manage-users-permission",
    "adding and removing users need a group that may manage users (an Editor gets 403)",
    () => {
      for (const route of ["POST /projects/{project_id}/users.json", "DELETE /projects/{project_id}/users/{user_id}.json"])
        expect(
          rulesResting(route, "manage-users-permission")
            .map((rule) => rule.rule)
            .join(" "),
          route,
        ).toMatch(/Editor.*403/);
    },
  ],
  [
    "company-administrator",
    "a company administrator is a member of the organization in its administrator group",
    () => {
      for (const route of ["DELETE /projects/{project_id}.json", "PATCH /organizations.json"])
        expect(
          rulesResting(route, "company-administrator")
            .map((rule) => rule.rule)
            .join(" "),
          route,
        ).toMatch(/administrator group/);
    },
  ],
  [
    "add-user-twice",
    "adding a member again answers 201, never 409",
    () => {
      const cause = operation("POST /projects/{project_id}/users.json").operation["x-status-causes"]["201"];
      expect(cause["x-assumption"]).toHaveProperty("add-user-twice");
      expect(cause.cause).toMatch(/201 again, never 409/);
      expect(statuses("POST /projects/{project_id}/users.json")).not.toContain("409");
    },
  ],
  [
    "cors",
    "every response carries Access-Control-Allow-Origin",
    () => {
      for (const [route] of OPERATIONS) {
        for (const [status, response] of Object.entries<Json>(operation(route).operation.responses)) {
          expect(Object.keys(deref(response).headers ?? {}), `${route} ${status}`).toContain("Access-Control-Allow-Origin");
        }
      }
    },
  ],
];

describe("the description's pinned choices", () => {
  it.each(PINNED)("%s: %s", (id, _choice, check) => {
    expect(Object.keys(openapi["x-assumptions"] ?? {}), "an entry of the root's x-assumptions").toContain(id);
    check();
  });
});
