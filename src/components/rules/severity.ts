/** The colour of each severity's tag on the rules pages. */
export const SEVERITY_COLORS: Record<string, string> = { blocking: 'red', warning: 'gold' };
