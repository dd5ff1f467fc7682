/** /:app/chat (docs/routes.txt): Chat, part of the "chat" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="chat" />;
