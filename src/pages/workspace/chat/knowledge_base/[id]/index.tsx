/** /:app/chat/knowledge_base/:id (docs/routes.txt): Knowledge base, part of the "chat" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="chat" />;
