/** /admin/mcp (docs/routes.txt): MCP servers, part of the "mcp" module, not built yet. */
import ModulePending from '../../../components/ModulePending';

export default () => <ModulePending module="mcp" />;
