import { requirePermission } from "../permissions.js";
function callersOrganization(call) {
    // Every account with an API key belongs to an organization (createSandbox checks it).
    return call.state.organizations.get(call.caller.organization);
}
export function organizationView({ id: _id, ...organization }) {
    return organization;
}
export const getOrganization = (call) => ({ status: 200, body: organizationView(callersOrganization(call)) });
export const updateOrganization = (call) => {
    requirePermission(call.state, call.caller, "updateOrganization", "update the organization");
    const organization = callersOrganization(call);
    const { address, ...fields } = call.input.body;
    // Only what was sent changes; the address too, field by field.
    Object.assign(organization, fields);
    if (address)
        Object.assign(organization.address, address);
    organization.modified = call.now();
    return { status: 204 };
};
