/** The shape of Umi's initial state (plugin-initial-state): who is signed in. */
import type { CurrentUser } from '../contracts';

export interface InitialState {
  /** `null` for an anonymous visitor. */
  currentUser: CurrentUser | null;
}
