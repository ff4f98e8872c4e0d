// The caller's own organization, the only one reachable: read, and updated by a company administrator.
import type { Organization, OrganizationUpdate } from "../../types.js";
import { requirePermission } from "../permissions.js";
import type { SeedOrganization } from "../seed.js";
import type { Call, Operation } from "./call.js";

function callersOrganization(call: Call): SeedOrganization {
  // Every account with an API key belongs to an organization (createSandbox checks it).
  return call.state.organizations.get(call.caller.organization as number)!;
}

export function organizationView({ id: _id, ...organization }: SeedOrganization): Organization {
  return organization;
}

export const getOrganization: Operation = (call) => ({ status: 200, body: organizationView(callersOrganization(call)) });

export const updateOrganization: Operation = (call) => {
  requirePermission(call.state, call.caller, "updateOrganization", "update the organization");
  const organization = callersOrganization(call);
  const { address, ...fields } = call.input.body as OrganizationUpdate;
  // Only what was sent changes; the address too, field by field.
  Object.assign(organization, fields);
  if (address) Object.assign(organization.address, address);
  organization.modified = call.now();
  return { status: 204 };
};
