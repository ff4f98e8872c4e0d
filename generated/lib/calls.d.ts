// Written by scripts/build/call-table.mjs (npm run build:types) from the bundled description: do not edit.
import type { operations } from "./schema.js";
/** Per method, per path: the call's own options, its operation, the data of a success, the error of a failure. */
export interface Calls {
    get: {
        "/projects.json": {
            request: { params?: operations["listProjects"]["parameters"]; body?: never };
            operation: operations["listProjects"];
            data: operations["listProjects"]["responses"][200]["content"]["application/json"];
            error: operations["listProjects"]["responses"][400]["content"]["application/problem+json"] | operations["listProjects"]["responses"][401]["content"]["application/problem+json"] | operations["listProjects"]["responses"][403]["content"]["application/problem+json"] | operations["listProjects"]["responses"][429]["content"]["application/problem+json"] | operations["listProjects"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}.json": {
            request: { params: operations["getProject"]["parameters"]; body?: never };
            operation: operations["getProject"];
            data: operations["getProject"]["responses"][200]["content"]["application/json"];
            error: operations["getProject"]["responses"][400]["content"]["application/problem+json"] | operations["getProject"]["responses"][401]["content"]["application/problem+json"] | operations["getProject"]["responses"][403]["content"]["application/problem+json"] | operations["getProject"]["responses"][404]["content"]["application/problem+json"] | operations["getProject"]["responses"][429]["content"]["application/problem+json"] | operations["getProject"]["responses"][500]["content"]["application/problem+json"];
        };
        "/v1/projects/{project_id}/files.json": {
            request: { params: operations["listFiles"]["parameters"]; body?: never };
            operation: operations["listFiles"];
            data: operations["listFiles"]["responses"][200]["content"]["application/json"];
            error: operations["listFiles"]["responses"][400]["content"]["application/problem+json"] | operations["listFiles"]["responses"][401]["content"]["application/problem+json"] | operations["listFiles"]["responses"][403]["content"]["application/problem+json"] | operations["listFiles"]["responses"][404]["content"]["application/problem+json"] | operations["listFiles"]["responses"][429]["content"]["application/problem+json"] | operations["listFiles"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}/urls.json": {
            request: { params: operations["listCapturedUrls"]["parameters"]; body?: never };
            operation: operations["listCapturedUrls"];
            data: operations["listCapturedUrls"]["responses"][200]["content"]["application/json"];
            error: operations["listCapturedUrls"]["responses"][400]["content"]["application/problem+json"] | operations["listCapturedUrls"]["responses"][401]["content"]["application/problem+json"] | operations["listCapturedUrls"]["responses"][403]["content"]["application/problem+json"] | operations["listCapturedUrls"]["responses"][404]["content"]["application/problem+json"] | operations["listCapturedUrls"]["responses"][429]["content"]["application/problem+json"] | operations["listCapturedUrls"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}/copy.json": {
            request: { params: operations["listCopy"]["parameters"]; body?: never };
            operation: operations["listCopy"];
            data: operations["listCopy"]["responses"][200]["content"]["application/json"];
            error: operations["listCopy"]["responses"][400]["content"]["application/problem+json"] | operations["listCopy"]["responses"][401]["content"]["application/problem+json"] | operations["listCopy"]["responses"][403]["content"]["application/problem+json"] | operations["listCopy"]["responses"][404]["content"]["application/problem+json"] | operations["listCopy"]["responses"][429]["content"]["application/problem+json"] | operations["listCopy"]["responses"][500]["content"]["application/problem+json"];
        };
        "/copy/{copy_id}/revisions.json": {
            request: { params: operations["listCopyRevisions"]["parameters"]; body?: never };
            operation: operations["listCopyRevisions"];
            data: operations["listCopyRevisions"]["responses"][200]["content"]["application/json"];
            error: operations["listCopyRevisions"]["responses"][400]["content"]["application/problem+json"] | operations["listCopyRevisions"]["responses"][401]["content"]["application/problem+json"] | operations["listCopyRevisions"]["responses"][403]["content"]["application/problem+json"] | operations["listCopyRevisions"]["responses"][404]["content"]["application/problem+json"] | operations["listCopyRevisions"]["responses"][429]["content"]["application/problem+json"] | operations["listCopyRevisions"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}/users.json": {
            request: { params: operations["listProjectUsers"]["parameters"]; body?: never };
            operation: operations["listProjectUsers"];
            data: operations["listProjectUsers"]["responses"][200]["content"]["application/json"];
            error: operations["listProjectUsers"]["responses"][400]["content"]["application/problem+json"] | operations["listProjectUsers"]["responses"][401]["content"]["application/problem+json"] | operations["listProjectUsers"]["responses"][403]["content"]["application/problem+json"] | operations["listProjectUsers"]["responses"][404]["content"]["application/problem+json"] | operations["listProjectUsers"]["responses"][429]["content"]["application/problem+json"] | operations["listProjectUsers"]["responses"][500]["content"]["application/problem+json"];
        };
        "/organizations.json": {
            request: { params?: operations["getOrganization"]["parameters"]; body?: never };
            operation: operations["getOrganization"];
            data: operations["getOrganization"]["responses"][200]["content"]["application/json"];
            error: operations["getOrganization"]["responses"][401]["content"]["application/problem+json"] | operations["getOrganization"]["responses"][403]["content"]["application/problem+json"] | operations["getOrganization"]["responses"][429]["content"]["application/problem+json"] | operations["getOrganization"]["responses"][500]["content"]["application/problem+json"];
        };
        "/groups.json": {
            request: { params?: operations["listGroups"]["parameters"]; body?: never };
            operation: operations["listGroups"];
            data: operations["listGroups"]["responses"][200]["content"]["application/json"];
            error: operations["listGroups"]["responses"][401]["content"]["application/problem+json"] | operations["listGroups"]["responses"][403]["content"]["application/problem+json"] | operations["listGroups"]["responses"][429]["content"]["application/problem+json"] | operations["listGroups"]["responses"][500]["content"]["application/problem+json"];
        };
        "/groups/{group_id}.json": {
            request: { params: operations["getGroup"]["parameters"]; body?: never };
            operation: operations["getGroup"];
            data: operations["getGroup"]["responses"][200]["content"]["application/json"];
            error: operations["getGroup"]["responses"][400]["content"]["application/problem+json"] | operations["getGroup"]["responses"][401]["content"]["application/problem+json"] | operations["getGroup"]["responses"][403]["content"]["application/problem+json"] | operations["getGroup"]["responses"][404]["content"]["application/problem+json"] | operations["getGroup"]["responses"][429]["content"]["application/problem+json"] | operations["getGroup"]["responses"][500]["content"]["application/problem+json"];
        };
    };
    put: {};
    post: {
        "/projects.json": {
            request: { params?: operations["createProject"]["parameters"]; body: operations["createProject"]["requestBody"]["content"]["application/json"] };
            operation: operations["createProject"];
            data: operations["createProject"]["responses"][201]["content"]["application/json"];
            error: operations["createProject"]["responses"][400]["content"]["application/problem+json"] | operations["createProject"]["responses"][401]["content"]["application/problem+json"] | operations["createProject"]["responses"][403]["content"]["application/problem+json"] | operations["createProject"]["responses"][429]["content"]["application/problem+json"] | operations["createProject"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}/users.json": {
            request: { params: operations["addProjectUser"]["parameters"]; body: operations["addProjectUser"]["requestBody"]["content"]["application/json"] };
            operation: operations["addProjectUser"];
            data: operations["addProjectUser"]["responses"][201]["content"]["application/json"];
            error: operations["addProjectUser"]["responses"][400]["content"]["application/problem+json"] | operations["addProjectUser"]["responses"][401]["content"]["application/problem+json"] | operations["addProjectUser"]["responses"][403]["content"]["application/problem+json"] | operations["addProjectUser"]["responses"][404]["content"]["application/problem+json"] | operations["addProjectUser"]["responses"][429]["content"]["application/problem+json"] | operations["addProjectUser"]["responses"][500]["content"]["application/problem+json"];
        };
    };
    delete: {
        "/projects/{project_id}.json": {
            request: { params: operations["deleteProject"]["parameters"]; body?: never };
            operation: operations["deleteProject"];
            data: operations["deleteProject"]["responses"][204]["content"];
            error: operations["deleteProject"]["responses"][400]["content"]["application/problem+json"] | operations["deleteProject"]["responses"][401]["content"]["application/problem+json"] | operations["deleteProject"]["responses"][403]["content"]["application/problem+json"] | operations["deleteProject"]["responses"][404]["content"]["application/problem+json"] | operations["deleteProject"]["responses"][429]["content"]["application/problem+json"] | operations["deleteProject"]["responses"][500]["content"]["application/problem+json"];
        };
        "/projects/{project_id}/users/{user_id}.json": {
            request: { params: operations["removeProjectUser"]["parameters"]; body?: never };
            operation: operations["removeProjectUser"];
            data: operations["removeProjectUser"]["responses"][204]["content"];
            error: operations["removeProjectUser"]["responses"][400]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][401]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][403]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][404]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][409]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][429]["content"]["application/problem+json"] | operations["removeProjectUser"]["responses"][500]["content"]["application/problem+json"];
        };
    };
    options: {};
    head: {};
    patch: {
        "/projects/{project_id}.json": {
            request: { params: operations["updateProject"]["parameters"]; body: operations["updateProject"]["requestBody"]["content"]["application/json"] };
            operation: operations["updateProject"];
            data: operations["updateProject"]["responses"][204]["content"];
            error: operations["updateProject"]["responses"][400]["content"]["application/problem+json"] | operations["updateProject"]["responses"][401]["content"]["application/problem+json"] | operations["updateProject"]["responses"][403]["content"]["application/problem+json"] | operations["updateProject"]["responses"][404]["content"]["application/problem+json"] | operations["updateProject"]["responses"][429]["content"]["application/problem+json"] | operations["updateProject"]["responses"][500]["content"]["application/problem+json"];
        };
        "/organizations.json": {
            request: { params?: operations["updateOrganization"]["parameters"]; body: operations["updateOrganization"]["requestBody"]["content"]["application/json"] };
            operation: operations["updateOrganization"];
            data: operations["updateOrganization"]["responses"][204]["content"];
            error: operations["updateOrganization"]["responses"][400]["content"]["application/problem+json"] | operations["updateOrganization"]["responses"][401]["content"]["application/problem+json"] | operations["updateOrganization"]["responses"][403]["content"]["application/problem+json"] | operations["updateOrganization"]["responses"][429]["content"]["application/problem+json"] | operations["updateOrganization"]["responses"][500]["content"]["application/problem+json"];
        };
    };
    trace: {};
}
