/** /admin/mcp/:name (docs/routes.txt): MCP server, part of the "mcp" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="mcp" />;
