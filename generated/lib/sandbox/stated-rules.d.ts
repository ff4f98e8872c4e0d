import type { Permission } from "./seed.js";
export declare const STATED_RULES: {
    readonly "identified-callers": {
        readonly section: "Authentication";
        readonly quote: "Authorization rules that are stated: Access an organization — only the caller's own; Project list — only projects the caller has been added to. (A request without a valid credential is no caller: it was added to nothing and has no organization.)";
    };
    readonly "visible-when-added": {
        readonly section: "Authentication; Projects";
        readonly quote: "Project list: only projects the caller has been added to. List projects returns the projects the caller was added to, including ones from other organizations. (A project, its assets and users are seen by the users added to it.)";
    };
    readonly "create-returns-project": {
        readonly section: "Projects";
        readonly quote: "Create a project: 201, the created Project (its title carries the given name).";
    };
    readonly "creator-is-member": {
        readonly section: "Projects";
        readonly quote: "The caller is automatically added as a project member.";
    };
    readonly "create-limits": {
        readonly section: "Limits";
        readonly quote: "Project name 50 characters, project description 1,000 characters, job code 20 characters (POST /projects.json).";
    };
    readonly "update-changes-only-given": {
        readonly section: "Projects; Organization";
        readonly quote: "Update: JSON object containing only the properties to change — 204, no body.";
    };
    readonly "delete-creator-or-administrator": {
        readonly section: "Projects; Authentication";
        readonly quote: "Only a company administrator or the project creator may delete.";
    };
    readonly "delete-is-permanent": {
        readonly section: "Projects";
        readonly quote: "Permanent: all project files, comments and assets are deleted and this cannot be reversed.";
    };
    readonly "assets-read-only": {
        readonly section: "What the service does";
        readonly quote: "Assets are read-only through this interface and cannot be created through it.";
    };
    readonly "add-existing-user": {
        readonly section: "Project users";
        readonly quote: "Add a user: `user` (string, an existing user id, preferred) OR `email`.";
    };
    readonly "add-by-email-existing-account": {
        readonly section: "Project users";
        readonly quote: "When the email belongs to an existing account, that user is added to the project.";
    };
    readonly "add-by-email-new-account": {
        readonly section: "Project users";
        readonly quote: "When the email has no existing account, a separate new account with full administrator access is created and added.";
    };
    readonly "creator-not-removable": {
        readonly section: "Project users";
        readonly quote: "Rule for removing: the project creator cannot be removed from a project.";
    };
    readonly "organization-own-only": {
        readonly section: "Organization; Authentication";
        readonly quote: "The caller can read and update their own organization … no other organization is reachable.";
    };
    readonly "organization-update-administrator": {
        readonly section: "Organization";
        readonly quote: "Update organization: only a company administrator may update.";
    };
    readonly "organization-not-created-or-deleted": {
        readonly section: "What the service does";
        readonly quote: "Organizations cannot be created or deleted.";
    };
    readonly "groups-read-only": {
        readonly section: "What the service does";
        readonly quote: "Groups are read-only: they can be listed and retrieved but not created or edited.";
    };
    readonly "groups-all": {
        readonly section: "Groups";
        readonly quote: "List groups: 200, array of all Groups.";
    };
    readonly pagination: {
        readonly section: "Endpoints";
        readonly quote: "Every list endpoint except the groups and organization endpoints takes `offset` (int, default 0) and `limit` (int, default 30) and returns a JSON array.";
    };
    readonly timestamps: {
        readonly section: "Resources and their fields";
        readonly quote: "`datetime` is an ISO 8601 timestamp with a UTC offset; `modified` is null when the record was never modified; modified: date last modified.";
    };
    readonly "json-bodies": {
        readonly section: "Interface";
        readonly quote: "All bodies are JSON.";
    };
    readonly fields: {
        readonly section: "Resources and their fields";
        readonly quote: "The fields of each resource (created_by: name of the creating user, falls back to the email address; ownership: Internal, created by the caller's company, or External).";
    };
    readonly "whole-interface": {
        readonly section: "Interface";
        readonly quote: "This document covers the whole interface (a method it does not list on a path is no operation of the service).";
    };
};
export type StatedRuleId = keyof typeof STATED_RULES;
/**
 * What a refusal rests on. `rule`: the stated rule that refuses (the refusal itself is a documented
 * fact), or `assumptions`: the description's entries (x-assumptions) that choose to refuse where the
 * interface is silent. `status`: the entries its status rests on (the interface states no error code).
 */
export interface RefusalBasis {
    rule?: StatedRuleId;
    assumptions?: string[];
    status: string[];
    /** The group permission whose absence refused (a model that does not know the caller's group learns it). */
    permission?: Permission;
}
