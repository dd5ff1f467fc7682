/** /admin/mcp/:name (SPEC.md §2): MCP server, part of the "mcp" module, not built yet. */
import ModulePending from '../../../../components/ModulePending';

export default () => <ModulePending module="mcp" />;
