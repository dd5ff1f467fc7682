/** /:app/chat/mcp/:id (SPEC.md §2): MCP tools, part of the "mcp" module, not built yet. */
import ModulePending from '../../../../../components/ModulePending';

export default () => <ModulePending module="mcp" />;
