export const STATED_RULES = {
    "identified-callers": {
        section: "Authentication",
        quote: "Authorization rules that are stated: Access an organization — only the caller's own; Project list — only projects the caller has been added to. (A request without a valid credential is no caller: it was added to nothing and has no organization.)",
    },
    "visible-when-added": {
        section: "Authentication; Projects",
        quote: "Project list: only projects the caller has been added to. List projects returns the projects the caller was added to, including ones from other organizations. (A project, its assets and users are seen by the users added to it.)",
    },
    "create-returns-project": {
        section: "Projects",
        quote: "Create a project: 201, the created Project (its title carries the given name).",
    },
    "creator-is-member": { section: "Projects", quote: "The caller is automatically added as a project member." },
    "create-limits": {
        section: "Limits",
        quote: "Project name 50 characters, project description 1,000 characters, job code 20 characters (POST /projects.json).",
    },
    "update-changes-only-given": {
        section: "Projects; Organization",
        quote: "Update: JSON object containing only the properties to change — 204, no body.",
    },
    "delete-creator-or-administrator": {
        section: "Projects; Authentication",
        quote: "Only a company administrator or the project creator may delete.",
    },
    "delete-is-permanent": {
        section: "Projects",
        quote: "Permanent: all project files, comments and assets are deleted and this cannot be reversed.",
    },
    "assets-read-only": {
        section: "What the service does",
        quote: "Assets are read-only through this interface and cannot be created through it.",
    },
    "add-existing-user": { section: "Project users", quote: "Add a user: `user` (string, an existing user id, preferred) OR `email`." },
    "add-by-email-existing-account": {
        section: "Project users",
        quote: "When the email belongs to an existing account, that user is added to the project.",
    },
    "add-by-email-new-account": {
        section: "Project users",
        quote: "When the email has no existing account, a separate new account with full administrator access is created and added.",
    },
    "creator-not-removable": { section: "Project users", quote: "Rule for removing: the project creator cannot be removed from a project." },
    "organization-own-only": {
        section: "Organization; Authentication",
        quote: "The caller can read and update their own organization … no other organization is reachable.",
    },
    "organization-update-administrator": { section: "Organization", quote: "Update organization: only a company administrator may update." },
    "organization-not-created-or-deleted": { section: "What the service does", quote: "Organizations cannot be created or deleted." },
    "groups-read-only": {
        section: "What the service does",
        quote: "Groups are read-only: they can be listed and retrieved but not created or edited.",
    },
    "groups-all": { section: "Groups", quote: "List groups: 200, array of all Groups." },
    pagination: {
        section: "Endpoints",
        quote: "Every list endpoint except the groups and organization endpoints takes `offset` (int, default 0) and `limit` (int, default 30) and returns a JSON array.",
    },
    timestamps: {
        section: "Resources and their fields",
        quote: "`datetime` is an ISO 8601 timestamp with a UTC offset; `modified` is null when the record was never modified; modified: date last modified.",
    },
    "json-bodies": { section: "Interface", quote: "All bodies are JSON." },
    fields: {
        section: "Resources and their fields",
        quote: "The fields of each resource (created_by: name of the creating user, falls back to the email address; ownership: Internal, created by the caller's company, or External).",
    },
    "whole-interface": {
        section: "Interface",
        quote: "This document covers the whole interface (a method it does not list on a path is no operation of the service).",
    },
};
