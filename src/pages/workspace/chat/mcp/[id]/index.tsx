/** /:app/chat/mcp/:id (docs/routes.txt): MCP tools, part of the "mcp" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="mcp" />;
