// The docs decorator that shapes the reference for a reader (openapi/plugins/reader.js), on a made-up
// document: guides out of info.description, the appendix from x-assumptions, a visible marker on every
// node marked x-assumption (wherever the lead marks one next), the sidebar groups.
import { describe, expect, it } from "vitest";
import {
  addAssumptionMarkers,
  assumptionsMarkdown,
  changelogMarkdown,
  COPY_BUTTON,
  landingLinks,
  repositoryWeb,
  shapeForReader,
  slug,
  splitSections,
  withCopyButtons,
} from "../../openapi/plugins/reader.js";

const fixture = () => ({
  openapi: "3.1.0",
  info: {
    title: "Fixture",
    version: "1.0.0",
    description: "What it is.\n\n# Getting started\n\nSet up:\n\n```sh\n# not a heading\nexport X=1\n```\n\n# Errors\n\nProblems.\n",
  },
  "x-assumptions": {
    "made-up": { title: "A made-up `choice`", text: "Chosen for the fixture." },
    other: { title: "Another one", text: "Also chosen." },
  },
  servers: [
    {
      url: "https://{host}/api",
      variables: { host: { default: "h.invalid", description: "The host.", "x-assumption": { "made-up": [] } } },
    },
  ],
  tags: [{ name: "Things" }],
  paths: {
    "/things": {
      get: {
        tags: ["Things"],
        parameters: [
          {
            name: "limit",
            in: "query",
            description: "How many.",
            schema: { type: "integer", maximum: 9 },
            "x-assumption": { "made-up": ["maximum"] },
          },
        ],
        responses: {
          "200": {
            description: "The things.",
            content: { "application/json": { "x-assumption": { other: [] }, schema: { type: "array" } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: "object",
        properties: {
          id: { type: "integer", "x-assumption": { "made-up": [], other: [] } },
          // A property named `content` is not a content map: its own marked child keeps its marker.
          content: { type: "array", items: { type: "string", description: "Text.", "x-assumption": { other: [] } } },
        },
      },
    },
  },
});

const groups = [{ name: "Reference", tags: ["Things"] }];

describe("docs/reader decorator", () => {
  it("splits info.description at level-1 headings, not at `#` lines inside code fences", () => {
    const { intro, sections } = splitSections(fixture().info.description);
    expect(intro).toBe("What it is.");
    expect(sections.map((s) => s.name)).toEqual(["Getting started", "Errors"]);
    expect(sections[0]!.body).toContain("# not a heading");
  });

  it("leaves the landing text in info.description and makes each guide section a trait tag, grouped after the reference", () => {
    const document = fixture();
    shapeForReader(document, { groups, guides: "Guides", appendix: "Appendix", sourceNotes: "Notes.", changelog: undefined });
    // The landing text, then where the Markdown is (landingLinks, tested below).
    expect(document.info.description).toMatch(/^What it is\.\n\nFor assistants and tools, this reference as Markdown: /);
    const tags = document.tags as { name: string; description?: string; "x-traitTag"?: boolean }[];
    expect(tags.filter((t) => t["x-traitTag"]).map((t) => t.name)).toEqual(["Getting started", "Errors", "Assumptions", "Source notes"]);
    expect((document as { "x-tagGroups"?: unknown })["x-tagGroups"]).toEqual([
      { name: "Reference", tags: ["Things"] },
      { name: "Guides", tags: ["Getting started", "Errors"] },
      { name: "Appendix", tags: ["Assumptions", "Source notes"] },
    ]);
    expect(tags.find((t) => t.name === "Source notes")!.description).toBe("Notes.");
  });

  it("renders one appendix entry per x-assumptions id, in order, each a heading of its own", () => {
    const text = assumptionsMarkdown(fixture()["x-assumptions"]);
    const headings = [...text.matchAll(/^## (.+)$/gm)].map((m) => m[1]);
    expect(headings).toEqual(["A made-up choice", "Another one"]);
    expect(text).toContain("Chosen for the fixture.");
  });

  it("marks every marked node, linking to its entry's route; media types mark their response; servers get plain text", () => {
    const document = fixture();
    expect(addAssumptionMarkers(document)).toBe(5);
    const op = document.paths["/things"].get;
    // The route Redoc gives the heading "A made-up choice" of the tag "Assumptions" (hand-written here).
    expect(op.parameters[0]!.description).toBe("How many.\n\n**Assumption:** [A made-up `choice`](#/assumptions/a-made-up-choice)");
    expect(op.responses["200"].description).toBe("The things.\n\n**Assumption:** [Another one](#/assumptions/another-one)");
    expect((op.responses["200"].content["application/json"] as { description?: string }).description).toBeUndefined();
    expect((document.components.schemas.Thing.properties.id as { description?: string }).description).toBe(
      "**Assumptions:** [A made-up `choice`](#/assumptions/a-made-up-choice), [Another one](#/assumptions/another-one)",
    );
    expect(document.components.schemas.Thing.properties.content.items.description).toBe(
      "Text.\n\n**Assumption:** [Another one](#/assumptions/another-one)",
    );
    expect(document.servers[0]!.variables.host.description).toBe("The host.\n\nAssumption: A made-up choice (see Appendix, Assumptions).");
  });

  it("refuses a marker naming no entry", () => {
    const document = fixture();
    (document.components.schemas.Thing.properties.id as Record<string, unknown>)["x-assumption"] = { "no-such-entry": [] };
    expect(() => addAssumptionMarkers(document)).toThrow(/no-such-entry/);
  });

  it("puts the changelog in the page, its links to repository files made absolute on package.json's repository", () => {
    const web = repositoryWeb({ repository: { type: "git", url: "git+https://github.com/acme/api.git" } });
    expect(web).toBe("https://github.com/acme/api");
    expect(repositoryWeb({})).toBeUndefined();
    const markdown =
      "# Changelog\n\nSee [Versioning](README.md#versioning), [RFC](https://x.test/) and [below](#/changelog).\n\n## 1.0.0\n";
    expect(changelogMarkdown(markdown, web)).toBe(
      "See [Versioning](https://github.com/acme/api/blob/main/README.md#versioning), [RFC](https://x.test/) and [below](#/changelog).\n\n## 1.0.0\n",
    );
    const document = fixture();
    shapeForReader(document, { groups, guides: "Guides", appendix: "Appendix", sourceNotes: "Notes.", changelog: "## 1.0.0\n" });
    expect(document.info.description).toContain("[changelog](#/changelog)");
    expect(document.tags.at(-1)).toEqual({ name: "Changelog", description: "## 1.0.0\n", "x-traitTag": true });
    expect((document as { "x-tagGroups"?: { tags: string[] }[] })["x-tagGroups"]?.at(-1)?.tags).toEqual([
      "Assumptions",
      "Source notes",
      "Changelog",
    ]);
  });

  it("follows each code block of a guide, and only the block's end, with a copy button", () => {
    const markdown = 'Text.\n\n```sh\n# not a heading\n```\n\n~~~ts\nconst a = "```";\n~~~\n';
    expect(withCopyButtons(markdown)).toBe(
      `Text.\n\n\`\`\`sh\n# not a heading\n\`\`\`\n\n${COPY_BUTTON}\n\n~~~ts\nconst a = "\`\`\`";\n~~~\n\n${COPY_BUTTON}\n`,
    );
  });

  it("slugs like Redoc's routes", () => {
    expect(slug("Removing a project's creator gets 409")).toBe("removing-a-project's-creator-gets-409");
    expect(slug("The 401 challenge")).toBe("the-401-challenge");
  });
});

// What each operation says of itself, rendered where a reader looks (openapi/plugins/operation-facts.js),
// on a made-up document of two operations: expectations written here.
describe("docs/reader: the operations' own facts", () => {
  const withFacts = () => {
    const document = fixture() as ReturnType<typeof fixture> & { info: { contact?: { name: string; url: string } } };
    document.info.contact = { name: "Maintainers", url: "https://tracker.invalid/issues" };
    (document.components as Record<string, unknown>).responses = {
      Gone: { description: "Shared: not found.", "x-assumption": { other: [] } },
    };
    const paths = document.paths as Record<string, Record<string, unknown>>;
    paths["/things"]!.get = {
      ...(paths["/things"]!.get as object),
      operationId: "listThings",
      summary: "List things",
      responses: {
        "200": (paths["/things"]!.get as { responses: Record<string, unknown> }).responses["200"],
        "404": { $ref: "#/components/responses/Gone" },
      },
      "x-who-may-call": [
        { rule: "Anyone who owns a thing.", stated: "Owners list things." },
        { rule: "Whatever their group.", "x-assumption": { "made-up": [] } },
      ],
      "x-status-causes": { "200": "The things you own.", "404": { cause: "You own none.", "x-assumption": { "made-up": [] } } },
      "x-id-sources": {},
    };
    paths["/things/{thing_id}"] = {
      parameters: [{ name: "thing_id", in: "path", required: true, schema: { type: "integer" } }],
      delete: {
        tags: ["Things"],
        operationId: "deleteThing",
        summary: "Delete a thing",
        responses: { "204": { description: "Gone." } },
        "x-who-may-call": [{ rule: "Its owner.", stated: "Owners delete." }],
        "x-status-causes": { "204": "Deleted." },
        "x-id-sources": { thing_id: { from: ["listThings"], text: "The `id` of a thing you own." } },
      },
    };
    return document;
  };
  const shaped = () => {
    const document = withFacts();
    shapeForReader(document, { groups, guides: "Guides", appendix: "Appendix", sourceNotes: undefined, changelog: undefined });
    return document as unknown as {
      info: { description: string; contact?: unknown };
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
  };

  it("adds who may call it, each rule labelled, and links to the Markdown twin and llms.txt", () => {
    const description = String(shaped().paths["/things"]!.get!.description);
    expect(description).toContain(
      '**Who may call it**\n\n- Anyone who owns a thing. *(The service\'s documentation: "Owners list things.")*',
    );
    expect(description).toContain("- Whatever their group. **Assumption:** [A made-up `choice`](#/assumptions/a-made-up-choice)");
    expect(description).toContain("**Where its ids come from**\n\nIt takes no id.");
    expect(description).toContain('<a href="reference/listThings.md">this operation</a>');
    expect(description).toContain('<a href="./llms.txt">llms.txt</a>');
  });

  it("links each id to the operations that return it, by Redoc's route", () => {
    const description = String(shaped().paths["/things/{thing_id}"]!.delete!.description);
    expect(description).toContain("- `thing_id` (path): The `id` of a thing you own. Returned by [List things](#/things/listthings).");
  });

  it("makes each status's cause the description of its response, the shared response copied with its marker", () => {
    const document = shaped();
    const responses = document.paths["/things"]!.get!.responses as Record<string, { description: string; $ref?: string }>;
    expect(responses["404"]!.$ref).toBeUndefined();
    // The cause, its own assumption, then the shared response's marker (added by the reader's markers).
    expect(responses["404"]!.description).toBe(
      "You own none.\n\n**Assumption:** [A made-up `choice`](#/assumptions/a-made-up-choice)\n\n**Assumption:** [Another one](#/assumptions/another-one)",
    );
    expect(String(document.paths["/things"]!.get!.description)).toContain(
      "**What each status means here**\n\n- `200`: The things you own.",
    );
    expect(responses["200"]!.description).toMatch(/^The things you own\./);
  });

  it("removes the three extensions once shown, and names the issue tracker instead of Redoc's bare URL", () => {
    const document = shaped();
    for (const key of ["x-who-may-call", "x-status-causes", "x-id-sources"]) expect(document.paths["/things"]!.get![key]).toBeUndefined();
    expect(document.info.contact).toBeUndefined();
    expect(document.info.description).toContain(
      "Questions and reports about this reference (not the service): [its issue tracker](https://tracker.invalid/issues).",
    );
  });

  it("landingLinks only reads the document (the Markdown build shares the bundle with other renderers)", () => {
    const document = withFacts();
    expect(landingLinks(document)).toContain("[its issue tracker](https://tracker.invalid/issues)");
    expect(document.info.contact).toEqual({ name: "Maintainers", url: "https://tracker.invalid/issues" });
  });
});
