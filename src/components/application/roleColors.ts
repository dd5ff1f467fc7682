/**
 * The tag colour of each application role (antd preset colours). A module of its own so that a page
 * showing a role tag does not bring MembersPanel and its Table and Select (the workspace home's
 * first-load budget, docs/performance.md).
 */
import type { AppRole } from '../../../contracts';

export const ROLE_COLORS: Record<AppRole, string> = { owner: 'gold', editor: 'blue', viewer: 'default' };
