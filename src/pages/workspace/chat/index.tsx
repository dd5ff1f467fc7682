/** /:app/chat (SPEC.md §2): Chat, part of the "chat" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="chat" />;
