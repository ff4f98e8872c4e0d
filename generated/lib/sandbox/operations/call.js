/** A path parameter, already checked to be an id (a positive integer) by the description's schema. */
export const idParameter = (call, name) => call.input.path[name];
