/**
 * Loads the action types that reach people and other systems, so that they register
 * (registerActionType) before the server answers: `webhook` (HTTP through the private-address
 * guard, signed) and `notify` (in-app messages, e-mail). docs/outbound.md.
 */
import './webhook.action';
import './notify.action';
import './run-rule-set.action';
